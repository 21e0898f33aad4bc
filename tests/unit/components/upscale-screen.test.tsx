/** @jest-environment jsdom */
// The Upscale screen: its guards stop before any request, a run posts the chosen scale and quality,
// shows the result's size, and an image handed over from the editor is loaded from our own files only.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { currentUserKey } from "@/components/auth/use-auth";
import { UpscaleScreen } from "@/components/tools/upscale/upscale-screen";
import { toast } from "@/components/ui/toaster";
import type { PublicUser } from "@/lib/validation/auth";
import { renderWithApp } from "./render";

jest.mock("@/components/ui/toaster", () => ({ toast: { error: jest.fn(), success: jest.fn(), info: jest.fn(), message: jest.fn() } }));

const PNG_BYTES = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52];
const pngFile = () => new File([new Uint8Array(PNG_BYTES)], "photo.png", { type: "image/png" });
const user = (credits: number): PublicUser => ({
  id: "u-1",
  email: "a@example.com",
  firstName: "Ada",
  lastName: "L",
  image: null,
  tier: "trial",
  credits,
  emailVerified: true,
});

function reply(status: number, body: unknown, blob?: Blob) {
  const text = JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: "",
    text: async () => text,
    json: async () => body,
    blob: async () => blob ?? new Blob([text]),
  };
}

let fetchMock: jest.Mock;
let signedIn: PublicUser | null;

beforeEach(() => {
  jest.clearAllMocks();
  window.history.replaceState(null, "", "/upscale");
  fetchMock = jest.fn(async (url: string) =>
    url === "/api/auth/user" ? reply(200, signedIn) : reply(500, { error: "unexpected", message: `unexpected ${url}` }),
  );
  Object.assign(globalThis, { fetch: fetchMock });
  Object.assign(URL, { createObjectURL: jest.fn(() => "blob:preview"), revokeObjectURL: jest.fn() });
});

function renderUpscale(who: PublicUser | null) {
  signedIn = who;
  return renderWithApp(<UpscaleScreen />, {
    seed: (client) => {
      client.setQueryData(currentUserKey, who);
      client.setQueryData(["imaging", "engine"], { upscale: "local" });
    },
  });
}

const toolCalls = () => fetchMock.mock.calls.filter(([url]) => url !== "/api/auth/user");

it("shows the cost and the choices, 2× and Fast chosen", () => {
  renderUpscale(user(10));
  expect(screen.getByRole("heading", { name: "Upscale" })).toBeInTheDocument();
  expect(screen.getByTestId("tool-cost")).toHaveTextContent("Cost: 2 credits");
  expect(screen.getByRole("radio", { name: "2×" })).toHaveAttribute("aria-checked", "true");
  expect(screen.getByRole("radio", { name: "Fast" })).toHaveAttribute("aria-checked", "true");
  expect(screen.getByTestId("engine-notice")).toBeInTheDocument();
});

it("asks for an image, and refuses a user short of credits, before any request", async () => {
  renderUpscale(user(1));
  await userEvent.click(screen.getByRole("button", { name: "Upscale Image" }));
  expect(toast.error).toHaveBeenLastCalledWith("No Image", { description: "Please upload an image first." });
  await userEvent.upload(screen.getByLabelText("Choose an image"), pngFile());
  await screen.findByTestId("upload-preview");
  await userEvent.click(screen.getByRole("button", { name: "Upscale Image" }));
  expect(toast.error).toHaveBeenLastCalledWith("Insufficient Credits", { description: "Not enough credits for upscaling." });
  expect(toolCalls()).toHaveLength(0);
});

it("posts the chosen scale and quality and shows the result's size", async () => {
  renderUpscale(user(10));
  await userEvent.upload(screen.getByLabelText("Choose an image"), pngFile());
  await screen.findByTestId("upload-preview");
  await userEvent.click(screen.getByRole("radio", { name: "4×" }));
  await userEvent.click(screen.getByRole("radio", { name: "High quality" }));
  fetchMock.mockImplementationOnce(async () => reply(200, { result: { sample: "/api/files/big" }, operationId: "op", width: 388, height: 256 }));
  await userEvent.click(screen.getByRole("button", { name: "Upscale Image" }));
  expect(await screen.findByRole("heading", { name: "Result: 388 × 256 px" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Download PNG" })).toBeInTheDocument();
  const [url, init] = toolCalls().at(-1) as [string, RequestInit];
  expect(url).toBe("/api/upscale");
  const form = init.body as FormData;
  expect([form.get("scale"), form.get("quality")]).toEqual(["4", "high"]);
});

it("loads an image handed over from our own files, and ignores any other address", async () => {
  window.history.replaceState(null, "", "/upscale?image=%2Fapi%2Ffiles%2Fresult-1");
  fetchMock.mockImplementation(async (url: string) =>
    url === "/api/files/result-1" ? reply(200, {}, new Blob([new Uint8Array(PNG_BYTES)], { type: "image/png" })) : reply(200, signedIn),
  );
  const { unmount } = renderUpscale(user(10));
  expect(await screen.findByTestId("upload-preview")).toBeInTheDocument();
  unmount();

  fetchMock.mockClear();
  window.history.replaceState(null, "", "/upscale?image=https%3A%2F%2Fevil.example%2Fx.png");
  renderUpscale(user(10));
  await waitFor(() => expect(screen.getByLabelText("Choose an image")).toBeInTheDocument());
  expect(toolCalls()).toHaveLength(0);
});
