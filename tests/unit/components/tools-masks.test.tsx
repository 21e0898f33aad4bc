/** @jest-environment jsdom */
// The two removal tools as a person uses them: upload, paint with mouse or finger, and the guards
// and credit checks that refuse before anything is sent; the mask sent is built at the photo's size.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { currentUserKey } from "@/components/auth/use-auth";
import { FluxRemovalScreen } from "@/components/tools/flux-removal/flux-removal-screen";
import { ObjectRemovalScreen } from "@/components/tools/object-removal/object-removal-screen";
import { toast } from "@/components/ui/toaster";
import { maskToPngBlob } from "@/lib/masks/encode";
import { isMarked, type MaskPixels } from "@/lib/masks/paint";
import type { PublicUser } from "@/lib/validation/auth";
import { installPointerPolyfills } from "./jsdom-pointer";
import { renderWithApp } from "./render";

jest.mock("@/components/ui/toaster", () => ({
  toast: Object.assign(jest.fn(), { error: jest.fn(), success: jest.fn() }),
  Toaster: () => null,
}));

jest.mock("@/lib/masks/encode", () => {
  const actual = jest.requireActual<typeof import("@/lib/masks/encode")>("@/lib/masks/encode");
  return { ...actual, maskToPngBlob: jest.fn(actual.maskToPngBlob) };
});

const OVERLAY = { left: 0, top: 0, width: 400, height: 300 };

beforeAll(() => {
  installPointerPolyfills();
});

let fetchMock: jest.Mock;

beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
  jest.spyOn(HTMLCanvasElement.prototype, "getBoundingClientRect").mockReturnValue({ ...OVERLAY, x: 0, y: 0, right: 400, bottom: 300, toJSON: () => OVERLAY });
  fetchMock = jest.fn();
  Object.assign(globalThis, { fetch: fetchMock });
});

afterEach(() => jest.restoreAllMocks());

function user(credits: number): PublicUser {
  return { id: "u-1", email: "a@example.com", firstName: "Ada", lastName: "L", image: null, tier: "trial", credits, emailVerified: true };
}

function reply(status: number, body: unknown) {
  const text = JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText: "", text: async () => text, json: async () => body };
}

function renderTool(ui: React.ReactElement, signedIn: PublicUser | null) {
  return renderWithApp(ui, {
    seed: (queryClient) => {
      queryClient.setQueryData(currentUserKey, signedIn);
      queryClient.setQueryData(["imaging", "engine"], { removeObject: "openai" });
    },
  });
}

async function upload() {
  const file = new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], "photo.png", { type: "image/png" });
  // The upload dialog's code loads after the screen's first render.
  await userEvent.upload(await screen.findByLabelText("Choose an image"), file);
  const image = await screen.findByTestId("paint-image");
  // The photo is 1600×1200; on screen it is 400×300.
  Object.defineProperty(image, "naturalWidth", { value: 1600 });
  Object.defineProperty(image, "naturalHeight", { value: 1200 });
  fireEvent.load(image);
}

function paint(pointerType: "mouse" | "touch", from: [number, number], to: [number, number], pointerId = 1) {
  const canvas = screen.getByTestId("paint-canvas");
  fireEvent.pointerDown(canvas, { pointerId, pointerType, isPrimary: true, clientX: from[0], clientY: from[1], buttons: 1 });
  fireEvent.pointerMove(canvas, { pointerId, pointerType, isPrimary: true, clientX: (from[0] + to[0]) / 2, clientY: (from[1] + to[1]) / 2, buttons: 1 });
  fireEvent.pointerMove(canvas, { pointerId, pointerType, isPrimary: true, clientX: to[0], clientY: to[1], buttons: 1 });
  fireEvent.pointerUp(canvas, { pointerId, pointerType, isPrimary: true, clientX: to[0], clientY: to[1] });
}

const errorToast = () => jest.mocked(toast.error);

describe("Object removal", () => {
  it("opens with the upload dialog, then keeps Remove Object disabled until something is painted with mouse or touch", async () => {
    renderTool(<ObjectRemovalScreen />, user(10));
    expect(await screen.findByRole("dialog", { name: "Upload an image" })).toHaveTextContent("Cost 1 credit");
    await upload();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const remove = screen.getByRole("button", { name: "Remove Object" });
    expect(remove).toBeDisabled();

    // Painting does nothing until highlighting is on.
    paint("mouse", [100, 100], [150, 120]);
    expect(remove).toBeDisabled();

    await userEvent.click(screen.getByRole("button", { name: "Start Highlighting" }));
    expect(screen.getByRole("button", { name: "Stop Highlighting" })).toHaveAttribute("aria-pressed", "true");
    paint("touch", [100, 100], [150, 120], 7);
    expect(remove).toBeEnabled();

    await userEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(remove).toBeDisabled();
    paint("mouse", [100, 100], [150, 120]);
    expect(remove).toBeEnabled();
    await userEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(remove).toBeDisabled();
  });

  it("refuses a signed-in user with 0 credits before any request", async () => {
    renderTool(<ObjectRemovalScreen />, user(0));
    await upload();
    await userEvent.click(screen.getByRole("button", { name: "Start Highlighting" }));
    paint("mouse", [100, 100], [150, 120]);
    await userEvent.click(screen.getByRole("button", { name: "Remove Object" }));
    expect(errorToast()).toHaveBeenCalledWith("Insufficient Credits", { description: "Not enough credits for object removal." });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(maskToPngBlob).not.toHaveBeenCalled();
  });

  it("refuses a guest with the spec's message before any request", async () => {
    renderTool(<ObjectRemovalScreen />, null);
    await upload();
    await userEvent.click(screen.getByRole("button", { name: "Start Highlighting" }));
    paint("mouse", [100, 100], [150, 120]);
    await userEvent.click(screen.getByRole("button", { name: "Remove Object" }));
    expect(errorToast()).toHaveBeenCalledWith("Insufficient Credits", {
      description: "You need 1 credit for object removal, but only have 0. Sign up to get more credits!",
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Unable to create mask canvas' when the browser gives no canvas, and sends nothing", async () => {
    renderTool(<ObjectRemovalScreen />, user(10));
    await upload();
    await userEvent.click(screen.getByRole("button", { name: "Start Highlighting" }));
    paint("mouse", [100, 100], [150, 120]);
    await userEvent.click(screen.getByRole("button", { name: "Remove Object" }));
    await waitFor(() => expect(errorToast()).toHaveBeenCalledWith("Error", { description: "Unable to create mask canvas" }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the photo with a black-on-white mask at the photo's resolution and shows the result", async () => {
    jest.mocked(maskToPngBlob).mockResolvedValueOnce(new Blob(["mask"], { type: "image/png" }));
    fetchMock.mockImplementation(async (url: string) => {
      if (url === "/api/openai/object-removal") return reply(200, { result: { sample: "/api/files/result" }, operationId: "op", width: 1600, height: 1200 });
      if (url === "/api/auth/user") return reply(200, user(9));
      return reply(404, { error: "not_found" });
    });
    renderTool(<ObjectRemovalScreen />, user(10));
    await upload();
    await userEvent.click(screen.getByRole("button", { name: "Start Highlighting" }));
    paint("mouse", [100, 100], [100, 101]);
    await userEvent.click(screen.getByRole("button", { name: "Remove Object" }));

    expect(await screen.findByRole("button", { name: "Download Result" })).toBeInTheDocument();
    const mask = jest.mocked(maskToPngBlob).mock.calls[0]?.[0] as MaskPixels;
    expect([mask.width, mask.height]).toEqual([1600, 1200]);
    // Display (100,100) on a 400-wide display of a 1600-wide photo: around (400,400), 80 px wide.
    expect(isMarked(mask, 400, 400, "black-on-white")).toBe(true);
    expect(isMarked(mask, 436, 400, "black-on-white")).toBe(true);
    expect(isMarked(mask, 445, 400, "black-on-white")).toBe(false);
    expect(Array.from(mask.data.slice(0, 4))).toEqual([255, 255, 255, 255]);

    const [url, init] = fetchMock.mock.calls.find(([called]) => called === "/api/openai/object-removal") as [string, RequestInit];
    expect(url).toBe("/api/openai/object-removal");
    const form = init.body as FormData;
    expect(form.get("maskStyle")).toBe("black-on-white");
    expect((form.get("image") as File).name).toBe("photo.png");
    expect(form.get("mask")).toBeInstanceOf(Blob);
    expect(screen.getByTestId("compare-slider")).toBeInTheDocument();
  });

  it("shows 'No result from object removal service' when the answer has no image", async () => {
    jest.mocked(maskToPngBlob).mockResolvedValueOnce(new Blob(["mask"], { type: "image/png" }));
    fetchMock.mockImplementation(async (url: string) => (url === "/api/auth/user" ? reply(200, user(10)) : reply(200, { result: {} })));
    renderTool(<ObjectRemovalScreen />, user(10));
    await upload();
    await userEvent.click(screen.getByRole("button", { name: "Start Highlighting" }));
    paint("mouse", [100, 100], [150, 120]);
    await userEvent.click(screen.getByRole("button", { name: "Remove Object" }));
    await waitFor(() => expect(errorToast()).toHaveBeenCalledWith("Error", { description: "No result from object removal service" }));
    expect(screen.queryByRole("button", { name: "Download Result" })).not.toBeInTheDocument();
  });
});

describe("Flux removal", () => {
  it("says Missing Requirements when nothing is marked, and sends nothing", async () => {
    renderTool(<FluxRemovalScreen />, user(10));
    await upload();
    await userEvent.click(screen.getByRole("button", { name: "Remove Objects" }));
    expect(errorToast()).toHaveBeenCalledWith("Missing Requirements", { description: "Please upload an image and mark areas to remove" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses a guest: 'You need at least 1 credit to remove objects.'", async () => {
    renderTool(<FluxRemovalScreen />, null);
    await upload();
    paint("touch", [100, 100], [150, 120], 3);
    await userEvent.click(screen.getByRole("button", { name: "Remove Objects" }));
    expect(errorToast()).toHaveBeenCalledWith("Insufficient Credits", { description: "You need at least 1 credit to remove objects." });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("checks the balance on the server and refuses at 0 credits without uploading", async () => {
    fetchMock.mockImplementation(async (url: string) => (url === "/api/credits/balance" ? reply(200, { credits: 0 }) : reply(500, {})));
    renderTool(<FluxRemovalScreen />, user(3));
    await upload();
    paint("mouse", [100, 100], [150, 120]);
    await userEvent.click(screen.getByRole("button", { name: "Remove Objects" }));
    await waitFor(() => expect(errorToast()).toHaveBeenCalledWith("Insufficient Credits", { description: "You need at least 1 credit to remove objects." }));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/credits/balance"]);
  });

  it("says Unauthorized and logs in again after 500 ms when the session has expired", async () => {
    fetchMock.mockImplementation(async () => reply(401, { error: "unauthorized", message: "Please sign in." }));
    // Timed when each happens, not when waitFor sees it: on a busy machine it sees them late.
    let shownAt = 0;
    let navigatedAt = 0;
    jest.spyOn(toast, "error").mockImplementation(() => {
      shownAt ||= Date.now();
    });
    // jsdom cannot navigate; it reports each attempt, which is how the redirect shows here.
    const isNavigation = (error: unknown) => String((error as Error)?.message ?? error).includes("navigation");
    const consoleError = jest.spyOn(console, "error").mockImplementation((error) => {
      if (isNavigation(error)) navigatedAt ||= Date.now();
    });
    const navigations = () => consoleError.mock.calls.filter(([error]) => isNavigation(error));
    renderTool(<FluxRemovalScreen />, user(3));
    await upload();
    paint("mouse", [100, 100], [150, 120]);
    await userEvent.click(screen.getByRole("button", { name: "Remove Objects" }));
    await waitFor(() => expect(errorToast()).toHaveBeenCalledWith("Unauthorized", { description: "You are logged out. Logging in again..." }));
    await waitFor(() => expect(navigations()).toHaveLength(1), { timeout: 2000 });
    expect(navigatedAt - shownAt).toBeGreaterThanOrEqual(400);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/credits/balance"]);
  });

  it("sends a white-on-black mask after the balance check and offers the result", async () => {
    jest.mocked(maskToPngBlob).mockResolvedValueOnce(new Blob(["mask"], { type: "image/png" }));
    fetchMock.mockImplementation(async (url: string) => {
      if (url === "/api/credits/balance") return reply(200, { credits: 5 });
      if (url === "/api/openai/object-removal") return reply(200, { result: { sample: "/api/files/flux" }, operationId: "op", width: 1600, height: 1200 });
      return reply(200, user(4));
    });
    renderTool(<FluxRemovalScreen />, user(5));
    await upload();
    paint("mouse", [200, 150], [200, 151]);
    await userEvent.click(screen.getByRole("button", { name: "Remove Objects" }));
    expect(await screen.findByRole("button", { name: "Download" })).toBeInTheDocument();
    const mask = jest.mocked(maskToPngBlob).mock.calls[0]?.[0] as MaskPixels;
    // 50 px on a 400-wide display of a 1600-wide photo: 200 px, white on black, around (800,600).
    expect(isMarked(mask, 800, 600, "white-on-black")).toBe(true);
    expect(isMarked(mask, 800 + 95, 600, "white-on-black")).toBe(true);
    expect(isMarked(mask, 800 + 105, 600, "white-on-black")).toBe(false);
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/openai/object-removal") as [string, RequestInit];
    expect((call[1].body as FormData).get("maskStyle")).toBe("white-on-black");
  });
});
