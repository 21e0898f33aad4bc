/** @jest-environment jsdom */
// The expand frame drawn over the photo, the product placed and moved on its canvas, the blur screen
// posting its strength, and "Replace with…" saying when it needs an AI provider.
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { currentUserKey } from "@/components/auth/use-auth";
import { BlurBackgroundScreen } from "@/components/tools/blur-background/blur-background-screen";
import { FramePreview } from "@/components/tools/expand/frame-preview";
import { ReplaceWithField } from "@/components/tools/removal/removal-replace-with";
import { INITIAL_PRODUCT_CHOICE } from "@/components/tools/product-photo/product-choice";
import { ProductPreview } from "@/components/tools/product-photo/product-preview";
import { marginsForAspect } from "@/lib/imaging/expand-frame";
import type { PublicUser } from "@/lib/validation/auth";
import { renderWithApp } from "./render";

jest.mock("@/components/ui/toaster", () => ({ toast: { error: jest.fn(), success: jest.fn(), info: jest.fn(), message: jest.fn() } }));

const PNG_BYTES = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52];
const signedIn: PublicUser = {
  id: "u-1",
  email: "a@example.com",
  firstName: "Ada",
  lastName: "L",
  image: null,
  tier: "trial",
  credits: 10,
  emailVerified: true,
};

let fetchMock: jest.Mock;
beforeEach(() => {
  jest.clearAllMocks();
  fetchMock = jest.fn(async (url: string) => {
    const body = url === "/api/auth/user" ? signedIn : { result: { sample: "/api/files/blurred" }, operationId: "op", width: 120, height: 80 };
    return { ok: true, status: 200, statusText: "", text: async () => JSON.stringify(body), json: async () => body };
  });
  Object.assign(globalThis, { fetch: fetchMock });
  Object.assign(URL, { createObjectURL: jest.fn(() => "blob:preview"), revokeObjectURL: jest.fn() });
});

it("draws the 16:9 frame around a 400×300 photo with the photo where the server will keep it", () => {
  const size = { width: 400, height: 300 };
  renderWithApp(<FramePreview imageUrl="blob:photo" size={size} margins={marginsForAspect(size, "16:9")} />);
  const frame = screen.getByTestId("expand-frame");
  expect(frame).toHaveAttribute("data-frame", "533x300");
  expect(frame.style.aspectRatio).toBe("533 / 300");
  const photo = screen.getByTestId("expand-frame-photo");
  expect([photo.style.left, photo.style.top, photo.style.width, photo.style.height]).toEqual(["12.383%", "0%", "75.047%", "100%"]);
  expect(screen.getByTestId("expand-frame-size")).toHaveTextContent("New frame: 533 × 300 px");
});

it("places the product on the preset's canvas and moves it with the arrow keys", () => {
  const onMove = jest.fn();
  renderWithApp(
    <ProductPreview
      imageUrl="blob:photo"
      size={{ width: 300, height: 200 }}
      choice={{ ...INITIAL_PRODUCT_CHOICE, offsetX: 4 }}
      onMove={onMove}
      disabled={false}
    />,
  );
  expect(screen.getByTestId("product-preview")).toHaveAttribute("data-canvas", "2000x2000");
  // Amazon: 85 % of the longer side, then 4 % of 2000 px to the right.
  expect(screen.getByTestId("product-preview-photo")).toHaveAttribute("data-place", "230,434,1700,1133");
  fireEvent.keyDown(screen.getByTestId("product-preview-photo"), { key: "ArrowRight" });
  fireEvent.keyDown(screen.getByTestId("product-preview-photo"), { key: "ArrowUp" });
  expect(onMove.mock.calls).toEqual([
    [5, 0],
    [4, -1],
  ]);
});

it("posts the chosen blur strength to the blur call", async () => {
  renderWithApp(<BlurBackgroundScreen />, {
    seed: (client) => {
      client.setQueryData(currentUserKey, signedIn);
      client.setQueryData(["imaging", "engine"], { blurBackground: "local" });
    },
  });
  await userEvent.upload(screen.getByLabelText("Choose an image"), new File([new Uint8Array(PNG_BYTES)], "photo.png", { type: "image/png" }));
  await screen.findByTestId("upload-preview");
  fireEvent.change(screen.getByTestId("blur-strength"), { target: { value: "9" } });
  expect(screen.getByText("9 of 10")).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "Blur Background" }));
  expect(await screen.findByRole("button", { name: "Download PNG" })).toBeInTheDocument();
  const [url, init] = fetchMock.mock.calls.find(([called]) => called === "/api/blur-background") as [string, RequestInit];
  expect(url).toBe("/api/blur-background");
  expect((init.body as FormData).get("strength")).toBe("9");
});

it.each([
  ["none", true],
  ["flux", false],
])("Replace with… when the fill provider is %s: switched off and explained = %s", (provider, off) => {
  renderWithApp(<ReplaceWithField id="replace" value="" onChange={jest.fn()} disabled={false} />, {
    seed: (client) => client.setQueryData(["imaging", "engine"], { generativeFill: provider }),
  });
  const field = screen.getByLabelText("Replace with…");
  expect((field as HTMLInputElement).disabled).toBe(off);
  expect(screen.queryByText("Replacing needs an AI provider. Remove still works.") !== null).toBe(off);
});
