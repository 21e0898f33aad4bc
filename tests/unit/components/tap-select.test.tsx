/** @jest-environment jsdom */
// Tap-to-select in the removal tools: a tap in select mode asks the select call with the point in the
// photo's own pixels (the photo as data the first time, our URL after), Alt/Shift or Subtract mode
// send a subtracting point, the preview appears, and the removal mask carries the selection grown a
// little. The model itself is tested in tests/integration/segment.test.ts.
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

/** The photo is 1600×1200, shown at 400×300. */
const PHOTO = { width: 1600, height: 1200 };
const OVERLAY = { left: 0, top: 0, width: 400, height: 300 };
/** What the select call's mask file holds: a 100 px square from (350,350) to (449,449). */
const SELECTED = { left: 350, top: 350, side: 100 };

function maskRgba(): Uint8ClampedArray {
  const data = new Uint8ClampedArray(PHOTO.width * PHOTO.height * 4);
  for (let y = SELECTED.top; y < SELECTED.top + SELECTED.side; y += 1) {
    for (let x = SELECTED.left; x < SELECTED.left + SELECTED.side; x += 1) data.set([255, 255, 255, 255], (y * PHOTO.width + x) * 4);
  }
  return data;
}

/** Just enough of a 2D canvas for reading the mask file and drawing the preview. */
function fakeContext(canvas: HTMLCanvasElement) {
  return {
    canvas,
    drawImage: jest.fn(),
    getImageData: () => ({ data: maskRgba(), width: PHOTO.width, height: PHOTO.height }),
    putImageData: jest.fn(),
  } as unknown as CanvasRenderingContext2D;
}

beforeAll(() => {
  installPointerPolyfills();
  // jsdom has no ImageData either.
  Object.assign(globalThis, {
    ImageData: class {
      constructor(
        readonly data: Uint8ClampedArray,
        readonly width: number,
        readonly height: number,
      ) {}
    },
  });
});

let fetchMock: jest.Mock;
let segmentBodies: { image: string; points: { x: number; y: number; label: number }[] }[];

beforeEach(() => {
  jest.clearAllMocks();
  segmentBodies = [];
  jest.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(function (this: HTMLCanvasElement) {
    return fakeContext(this);
  } as never);
  jest.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockReturnValue("data:image/png;base64,cHJldmlldw==");
  jest.spyOn(HTMLCanvasElement.prototype, "getBoundingClientRect").mockReturnValue({ ...OVERLAY, x: 0, y: 0, right: 400, bottom: 300, toJSON: () => OVERLAY });
  Object.assign(globalThis, { createImageBitmap: jest.fn(async () => ({ width: PHOTO.width, height: PHOTO.height, close: () => undefined })) });
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === "/api/segment") {
      segmentBodies.push(JSON.parse(String(init?.body)));
      return reply(200, { mask: "/api/files/mask", width: PHOTO.width, height: PHOTO.height, score: 0.9, image: "/api/files/photo" });
    }
    if (url === "/api/files/mask") return { ok: true, status: 200, blob: async () => new Blob(["png"], { type: "image/png" }) };
    if (url === "/api/openai/object-removal") return reply(200, { result: { sample: "/api/files/result" }, operationId: "op", width: 1600, height: 1200 });
    if (url === "/api/auth/user") return reply(200, user(9));
    return reply(404, { error: "not_found" });
  });
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
      queryClient.setQueryData(["imaging", "engine"], { removeObject: "local" });
    },
  });
}

async function upload() {
  const file = new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], "photo.png", { type: "image/png" });
  // The upload dialog's code loads after the screen's first render.
  await userEvent.upload(await screen.findByLabelText("Choose an image"), file);
  const image = await screen.findByTestId("paint-image");
  Object.defineProperty(image, "naturalWidth", { value: PHOTO.width });
  Object.defineProperty(image, "naturalHeight", { value: PHOTO.height });
  fireEvent.load(image);
}

function tap(x: number, y: number, options: { pointerType?: string; altKey?: boolean; shiftKey?: boolean } = {}) {
  const canvas = screen.getByTestId("paint-canvas");
  const init = {
    pointerId: 3,
    pointerType: options.pointerType ?? "mouse",
    isPrimary: true,
    clientX: x,
    clientY: y,
    altKey: options.altKey,
    shiftKey: options.shiftKey,
  };
  fireEvent.pointerDown(canvas, { ...init, buttons: 1 });
  fireEvent.pointerUp(canvas, init);
}

describe("tap-to-select in Object removal", () => {
  it("selects with a tap, subtracts with Alt-click and in Subtract mode, and removes the selection grown a little", async () => {
    renderTool(<ObjectRemovalScreen />, user(10));
    await upload();
    const remove = screen.getByRole("button", { name: "Remove Object" });
    expect(remove).toBeDisabled();

    // Outside select mode a tap asks nothing.
    tap(100, 100);
    expect(segmentBodies).toHaveLength(0);

    await userEvent.click(screen.getByRole("button", { name: "Select Object" }));
    expect(screen.getByRole("button", { name: "Stop Selecting" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText(/Tap the object to select it/)).toBeInTheDocument();

    // A finger on display (100,100) is the photo's (400,400).
    tap(100, 100, { pointerType: "touch" });
    expect(await screen.findByTestId("selection-overlay")).toHaveAttribute("src", "data:image/png;base64,cHJldmlldw==");
    expect(segmentBodies[0]).toEqual({ image: expect.stringMatching(/^data:image\/png;base64,/), points: [{ x: 400, y: 400, label: 1 }] });
    await waitFor(() => expect(remove).toBeEnabled());

    // Alt (or Shift) takes away; the photo is named by our URL from now on.
    tap(200, 150, { altKey: true });
    await waitFor(() => expect(segmentBodies).toHaveLength(2));
    expect(segmentBodies[1]).toEqual({
      image: "/api/files/photo",
      points: [
        { x: 400, y: 400, label: 1 },
        { x: 800, y: 600, label: 0 },
      ],
    });
    await waitFor(() => expect(screen.queryByTestId("select-busy")).not.toBeInTheDocument());
    tap(20, 20, { shiftKey: true });
    await waitFor(() => expect(segmentBodies).toHaveLength(3));
    expect(segmentBodies[2]?.points.at(-1)).toEqual({ x: 80, y: 80, label: 0 });
    await waitFor(() => expect(screen.queryByTestId("select-busy")).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole("button", { name: "Subtract" }));
    tap(300, 30);
    await waitFor(() => expect(segmentBodies).toHaveLength(4));
    expect(segmentBodies[3]?.points.at(-1)).toEqual({ x: 1200, y: 120, label: 0 });
    await waitFor(() => expect(screen.queryByTestId("select-busy")).not.toBeInTheDocument());

    jest.mocked(maskToPngBlob).mockResolvedValueOnce(new Blob(["mask"], { type: "image/png" }));
    await userEvent.click(remove);
    expect(await screen.findByRole("button", { name: "Download Result" })).toBeInTheDocument();
    const mask = jest.mocked(maskToPngBlob).mock.calls[0]?.[0] as MaskPixels;
    expect([mask.width, mask.height]).toEqual([1600, 1200]);
    // The selection, grown by 8 px on a 1600 px photo, and nothing else.
    expect(isMarked(mask, 400, 400, "black-on-white")).toBe(true);
    expect(isMarked(mask, 342, 400, "black-on-white")).toBe(true);
    expect(isMarked(mask, 341, 400, "black-on-white")).toBe(false);
    expect(isMarked(mask, 457, 457, "black-on-white")).toBe(true);
    expect(isMarked(mask, 458, 457, "black-on-white")).toBe(false);
    expect(isMarked(mask, 800, 600, "black-on-white")).toBe(false);
  });

  it("Clear drops the selection and Remove Object is disabled again", async () => {
    renderTool(<ObjectRemovalScreen />, user(10));
    await upload();
    await userEvent.click(screen.getByRole("button", { name: "Select Object" }));
    tap(100, 100);
    await screen.findByTestId("selection-overlay");
    await waitFor(() => expect(screen.getByRole("button", { name: "Remove Object" })).toBeEnabled());
    await userEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.queryByTestId("selection-overlay")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove Object" })).toBeDisabled();
  });

  it("shows the call's message when a tap is refused", async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === "/api/segment" ? reply(429, { error: "rate_limited", message: "Too many selections. Please wait 30 seconds and try again." }) : reply(404, {}),
    );
    renderTool(<ObjectRemovalScreen />, user(10));
    await upload();
    await userEvent.click(screen.getByRole("button", { name: "Select Object" }));
    tap(100, 100);
    await waitFor(() =>
      expect(jest.mocked(toast.error)).toHaveBeenCalledWith("Selection failed", { description: "Too many selections. Please wait 30 seconds and try again." }),
    );
    expect(screen.queryByTestId("selection-overlay")).not.toBeInTheDocument();
  });

  it("is offered to guests only after signing in", async () => {
    renderTool(<ObjectRemovalScreen />, null);
    await upload();
    expect(screen.getByRole("button", { name: "Select Object" })).toBeDisabled();
    expect(screen.getByText("Sign in to select objects with a tap.")).toBeInTheDocument();
  });
});

describe("tap-to-select in Flux removal", () => {
  it("selects with a tap instead of painting, and sends the selection white on black", async () => {
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === "/api/segment") {
        segmentBodies.push(JSON.parse(String(init?.body)));
        return reply(200, { mask: "/api/files/mask", width: PHOTO.width, height: PHOTO.height, score: 0.9, image: "/api/files/photo" });
      }
      if (url === "/api/files/mask") return { ok: true, status: 200, blob: async () => new Blob(["png"], { type: "image/png" }) };
      if (url === "/api/credits/balance") return reply(200, { credits: 10 });
      if (url === "/api/openai/object-removal") return reply(200, { result: { sample: "/api/files/result" }, operationId: "op", width: 1600, height: 1200 });
      if (url === "/api/auth/user") return reply(200, user(9));
      return reply(404, { error: "not_found" });
    });
    renderTool(<FluxRemovalScreen />, user(10));
    await upload();
    await userEvent.click(screen.getByRole("button", { name: "Select Object" }));
    tap(100, 100);
    await screen.findByTestId("selection-overlay");
    expect(segmentBodies[0]?.points).toEqual([{ x: 400, y: 400, label: 1 }]);
    await waitFor(() => expect(screen.queryByTestId("select-busy")).not.toBeInTheDocument());

    jest.mocked(maskToPngBlob).mockResolvedValueOnce(new Blob(["mask"], { type: "image/png" }));
    await userEvent.click(screen.getByRole("button", { name: "Remove Objects" }));
    await waitFor(() => expect(maskToPngBlob).toHaveBeenCalled());
    const mask = jest.mocked(maskToPngBlob).mock.calls[0]?.[0] as MaskPixels;
    expect(isMarked(mask, 400, 400, "white-on-black")).toBe(true);
    expect(isMarked(mask, 800, 600, "white-on-black")).toBe(false);
  });
});
