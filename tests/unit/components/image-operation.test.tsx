/** @jest-environment jsdom */
// A tool's image operation as a person lives it: the stage and percentage while it runs, Cancel that
// asks the server to stop it, and a reload in the middle that picks it up again and shows its result.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { currentUserKey } from "@/components/auth/use-auth";
import { BackgroundRemovalScreen } from "@/components/tools/background-removal/background-removal-screen";
import { CartoonStyleScreen } from "@/components/tools/cartoon-style/cartoon-style-screen";
import { toast } from "@/components/ui/toaster";
import type { PublicUser } from "@/lib/validation/auth";
import type { OperationView } from "@/lib/validation/operations";
import { renderWithApp } from "./render";

jest.mock("@/components/ui/toaster", () => ({ toast: { error: jest.fn(), success: jest.fn(), info: jest.fn(), message: jest.fn() } }));

const USER: PublicUser = { id: "u-1", email: "a@example.com", firstName: "Ada", lastName: "L", image: null, tier: "trial", credits: 10, emailVerified: true };

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

function view(id: string, patch: Partial<OperationView>): OperationView {
  const base: OperationView = {
    id,
    kind: "cartoon_style",
    status: "running",
    progress: 0,
    stage: "starting",
    queuePosition: null,
    result: null,
    source: null,
    width: null,
    height: null,
    contentType: null,
    error: null,
  };
  return { ...base, ...patch };
}

let fetchMock: jest.Mock;

beforeEach(() => {
  jest.clearAllMocks();
  sessionStorage.clear();
  Object.assign(URL, { createObjectURL: jest.fn(() => "blob:preview"), revokeObjectURL: jest.fn() });
});

function renderTool(ui: React.ReactElement) {
  return renderWithApp(ui, {
    seed: (client) => {
      client.setQueryData(currentUserKey, USER);
      client.setQueryData(["imaging", "engine"], {});
    },
  });
}

it("picks up an operation still running after a reload: its stage, then its result beside the photo it started from", async () => {
  window.history.replaceState(null, "", "/cartoon-style");
  sessionStorage.setItem("pictura:operation", JSON.stringify({ operationId: "op-9", path: "/cartoon-style" }));
  const views = [
    view("op-9", { progress: 40, stage: "cartoonizing" }),
    view("op-9", { status: "succeeded", progress: 100, stage: "saving", result: { sample: "/api/files/result-9" }, source: "/api/files/source-9" }),
  ];
  fetchMock = jest.fn(async (url: string) => {
    if (url === "/api/operations/op-9") return reply(200, views.shift() ?? views[0]);
    if (url === "/api/files/source-9") return reply(200, null, new Blob(["png"], { type: "image/png" }));
    if (url === "/api/auth/user") return reply(200, USER);
    return reply(404, { error: "not_found" });
  });
  Object.assign(globalThis, { fetch: fetchMock });

  renderTool(<CartoonStyleScreen />);
  const progress = await screen.findByTestId("operation-progress");
  // Both at one moment: under load the next poll, with the result, may follow at once.
  await waitFor(() => {
    expect(within(progress).getByRole("status")).toHaveTextContent("Applying style · 40%");
    expect(screen.getByRole("button", { name: /Applying/ })).toBeDisabled();
  });

  expect(await screen.findByRole("img", { name: "Your image in the new style" }, { timeout: 4000 })).toHaveAttribute("src", "/api/files/result-9");
  expect(screen.queryByTestId("operation-progress")).not.toBeInTheDocument();
  expect(sessionStorage.getItem("pictura:operation")).toBeNull();
  expect(screen.getByRole("button", { name: "Apply Style" })).toBeEnabled();
});

it("does not pick up an operation another page started", async () => {
  window.history.replaceState(null, "", "/cartoon-style");
  sessionStorage.setItem("pictura:operation", JSON.stringify({ operationId: "op-7", path: "/upscale" }));
  fetchMock = jest.fn(async () => reply(404, { error: "not_found" }));
  Object.assign(globalThis, { fetch: fetchMock });
  renderTool(<CartoonStyleScreen />);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith("/api/operations"))).toBe(false);
  expect(screen.queryByTestId("operation-progress")).not.toBeInTheDocument();
});

it("follows a run with its stage, and Cancel asks the server to stop it and says the credits are back", async () => {
  window.history.replaceState(null, "", "/background-removal");
  let canceled = false;
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === "/api/flux/edit") return reply(202, { operationId: "op-1" });
    if (url === "/api/operations/op-1/cancel" && init?.method === "POST") {
      canceled = true;
      return reply(200, {});
    }
    if (url === "/api/operations/op-1") {
      return reply(
        200,
        canceled
          ? view("op-1", { status: "canceled", error: { status: 409, code: "canceled", message: "Canceled." } })
          : view("op-1", { kind: "background_removal", progress: 25, stage: "removing_background" }),
      );
    }
    if (url === "/api/auth/user") return reply(200, USER);
    return reply(404, { error: "not_found" });
  });
  Object.assign(globalThis, { fetch: fetchMock });

  renderTool(<BackgroundRemovalScreen />);
  await userEvent.upload(screen.getByLabelText("Choose an image"), new File([new Uint8Array([137, 80, 78, 71])], "photo.png", { type: "image/png" }));
  await userEvent.click(screen.getByRole("button", { name: "Remove Background" }));
  const progress = await screen.findByTestId("operation-progress");
  await waitFor(() => expect(within(progress).getByRole("status")).toHaveTextContent("Removing background · 25%"));
  expect(sessionStorage.getItem("pictura:operation")).toContain("op-1");

  await userEvent.click(within(progress).getByRole("button", { name: "Cancel" }));
  await waitFor(() => expect(toast.info).toHaveBeenCalledWith("Canceled", { description: "Stopped. Any credits it used are back on your balance." }), {
    timeout: 4000,
  });
  expect(fetchMock).toHaveBeenCalledWith("/api/operations/op-1/cancel", expect.objectContaining({ method: "POST" }));
  expect(toast.error).not.toHaveBeenCalled();
  await waitFor(() => expect(screen.getByRole("button", { name: "Remove Background" })).toBeEnabled());
  expect(screen.queryByRole("button", { name: "Download PNG" })).not.toBeInTheDocument();
});
