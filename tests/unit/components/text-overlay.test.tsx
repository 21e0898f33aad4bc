/** @jest-environment jsdom */
// The Text overlay screen as a person uses it: Add Text then click to place, the Text Properties panel
// with exactly the spec's controls, editing with a double click, and removing from the box or the list.
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { currentUserKey } from "@/components/auth/use-auth";
import { TextOverlayScreen } from "@/components/tools/text-overlay/text-overlay-screen";
import { installPointerPolyfills } from "./jsdom-pointer";
import { renderWithApp } from "./render";

jest.mock("@/components/ui/toaster", () => ({
  toast: Object.assign(jest.fn(), { error: jest.fn(), success: jest.fn() }),
  Toaster: () => null,
}));

const STAGE = { left: 0, top: 0, width: 600, height: 400 };

beforeAll(() => {
  installPointerPolyfills();
});

beforeEach(() => {
  const original = HTMLElement.prototype.getBoundingClientRect;
  jest.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
    if (this.dataset.testid === "text-stage") return { ...STAGE, x: 0, y: 0, right: 600, bottom: 400, toJSON: () => STAGE };
    return original.call(this);
  });
  Object.assign(globalThis, { fetch: jest.fn() });
});

afterEach(() => jest.restoreAllMocks());

async function openWithPhoto() {
  renderWithApp(<TextOverlayScreen />, { seed: (client) => client.setQueryData(currentUserKey, null) });
  expect(screen.getByText("How to Use")).toBeInTheDocument();
  await userEvent.upload(screen.getByLabelText("Choose an image"), new File([new Uint8Array([1, 2, 3])], "photo.png", { type: "image/png" }));
  const image = await screen.findByTestId("text-stage-image");
  Object.defineProperty(image, "naturalWidth", { value: 1200 });
  Object.defineProperty(image, "naturalHeight", { value: 800 });
  fireEvent.load(image);
}

async function placeText(x: number, y: number) {
  await userEvent.click(screen.getByRole("button", { name: "Add Text" }));
  expect(screen.getByRole("status")).toHaveTextContent("Click on the image to place your text");
  fireEvent.click(screen.getByTestId("text-stage"), { clientX: x, clientY: y });
}

describe("the Text overlay screen", () => {
  it("places a box where the image is clicked after Add Text, with the defaults, and leaves placing", async () => {
    await openWithPhoto();
    expect(screen.getByText("Select a text on the image to change its style.")).toBeInTheDocument();
    await placeText(150, 100);
    const box = screen.getByTestId("text-box");
    expect(box).toHaveTextContent("Add your text");
    expect(box.parentElement).toHaveStyle({ left: "25%", top: "25%", width: "200px" });
    expect(box).toHaveStyle({
      color: "#ffffff",
      fontWeight: "bold",
      textAlign: "center",
      fontSize: "24px",
      padding: "8px",
      backgroundColor: "rgba(0,0,0,0.6)",
    });
    expect(screen.queryByText("Click on the image to place your text")).not.toBeInTheDocument();
    // A second click without Add Text places nothing.
    fireEvent.click(screen.getByTestId("text-stage"), { clientX: 400, clientY: 300 });
    expect(screen.getAllByTestId("text-box")).toHaveLength(1);
  });

  it("shows exactly the spec's properties for the selected text, and applies them", async () => {
    await openWithPhoto();
    await placeText(300, 200);
    const panel = screen.getByTestId("text-properties");
    const size = within(panel).getByRole("slider", { name: "Font size" });
    expect(size).toHaveAttribute("min", "12");
    expect(size).toHaveAttribute("max", "72");
    expect(size).toHaveValue("24");
    expect(
      within(within(panel).getByRole("radiogroup", { name: "Text color" }))
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("aria-label")),
    ).toEqual(["White", "Black", "Red", "Green", "Blue", "Yellow", "Magenta", "Cyan"]);
    expect(
      within(within(panel).getByRole("radiogroup", { name: "Background" }))
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("aria-label")),
    ).toEqual(["None", "Black", "White", "Blue", "Red"]);
    expect(
      within(within(panel).getByRole("radiogroup", { name: "Weight" }))
        .getAllByRole("radio")
        .map((radio) => radio.textContent),
    ).toEqual(["Normal", "Bold"]);
    expect(
      within(within(panel).getByRole("radiogroup", { name: "Alignment" }))
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("aria-label")),
    ).toEqual(["Left", "Center", "Right"]);
    expect(within(panel).getByRole("combobox", { name: "Font" })).toHaveValue("Arial");

    await userEvent.click(within(panel).getByTestId("text-color-red"));
    await userEvent.click(within(panel).getByRole("radio", { name: "None" }));
    await userEvent.click(within(panel).getByRole("radio", { name: "Right" }));
    await userEvent.click(within(panel).getByRole("radio", { name: "Normal" }));
    // jsdom has no keyboard steps on range inputs; the browser tests press keys on the real one.
    fireEvent.change(size, { target: { value: "26" } });
    const box = screen.getByTestId("text-box");
    expect(box).toHaveStyle({ color: "#ff0000", textAlign: "right", fontWeight: "normal", fontSize: "26px" });
    expect(box.style.backgroundColor).toBe("transparent");
  });

  it("edits on double click until Enter, and removes with × or from the list", async () => {
    await openWithPhoto();
    await placeText(300, 200);
    await userEvent.dblClick(screen.getByTestId("text-box"));
    const editor = screen.getByRole("textbox", { name: "Edit text" });
    await userEvent.clear(editor);
    await userEvent.type(editor, "Summer sale{Enter}");
    expect(screen.queryByRole("textbox", { name: "Edit text" })).not.toBeInTheDocument();
    expect(screen.getByTestId("text-box")).toHaveTextContent("Summer sale");
    expect(within(screen.getByTestId("text-elements")).getByText("Summer sale")).toBeInTheDocument();

    await userEvent.click(screen.getByTestId("text-box-remove"));
    expect(screen.queryByTestId("text-box")).not.toBeInTheDocument();
    expect(screen.getByText("No text yet. Click Add Text to start.")).toBeInTheDocument();

    await placeText(300, 200);
    await userEvent.click(within(screen.getByTestId("text-elements")).getByRole("button", { name: "Remove “Add your text”" }));
    expect(screen.queryByTestId("text-box")).not.toBeInTheDocument();
  });

  it("drags a box and keeps it inside the image", async () => {
    await openWithPhoto();
    await placeText(300, 200);
    const box = screen.getByTestId("text-box");
    jest.mocked(HTMLElement.prototype.getBoundingClientRect).mockImplementation(function (this: HTMLElement) {
      if (this.dataset.testid === "text-stage") return { ...STAGE, x: 0, y: 0, right: 600, bottom: 400, toJSON: () => STAGE };
      if (this.dataset.testid === "text-box")
        return { left: 200, top: 175, width: 200, height: 50, x: 200, y: 175, right: 400, bottom: 225, toJSON: () => ({}) };
      return { left: 0, top: 0, width: 0, height: 0, x: 0, y: 0, right: 0, bottom: 0, toJSON: () => ({}) };
    });
    const stage = screen.getByTestId("text-stage");
    fireEvent.pointerDown(box, { clientX: 300, clientY: 200 });
    fireEvent.pointerMove(stage, { clientX: 420, clientY: 100 });
    expect(box.parentElement).toHaveStyle({ left: "70%", top: "25%" });
    fireEvent.pointerMove(stage, { clientX: 2000, clientY: -500 });
    expect(parseFloat(box.parentElement!.style.left)).toBeCloseTo(100 - 100 / 6);
    expect(box.parentElement).toHaveStyle({ top: "6.25%" });
    fireEvent.pointerUp(stage);
    fireEvent.pointerMove(stage, { clientX: 300, clientY: 200 });
    expect(box.parentElement).toHaveStyle({ top: "6.25%" });
  });
});
