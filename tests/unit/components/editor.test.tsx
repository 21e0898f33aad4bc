/** @jest-environment jsdom */
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { PromptBox } from "@/components/editor/prompt-box";
import { ZoomViewer } from "@/components/editor/zoom-viewer";
import type { AspectRatio } from "@/lib/imaging/types";
import { renderWithApp } from "./render";

function Prompt({ mode = "generate", busy = false, onSubmit = () => undefined }: { mode?: "generate" | "edit"; busy?: boolean; onSubmit?: () => void }) {
  const [prompt, setPrompt] = useState("");
  const [ratio, setRatio] = useState<AspectRatio>("square");
  const [count, setCount] = useState(1);
  return (
    <PromptBox
      mode={mode}
      prompt={prompt}
      onPromptChange={setPrompt}
      aspectRatio={ratio}
      onAspectRatioChange={setRatio}
      count={count}
      onCountChange={setCount}
      optimized={false}
      busy={busy}
      elapsedSeconds={7}
      onSubmit={onSubmit}
    />
  );
}

describe("the prompt box", () => {
  it("counts characters live, stops at 500, and enables Generate only for a real prompt", async () => {
    const submit = jest.fn();
    renderWithApp(<Prompt onSubmit={submit} />);
    const box = screen.getByLabelText("Describe the image");
    const button = screen.getByRole("button", { name: "Generate" });
    expect(screen.getByTestId("prompt-counter")).toHaveTextContent("0/500");
    expect(button).toBeDisabled();
    await userEvent.type(box, "   ");
    expect(button).toBeDisabled();
    await userEvent.clear(box);
    await userEvent.type(box, "a cat");
    expect(screen.getByTestId("prompt-counter")).toHaveTextContent("5/500");
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(submit).toHaveBeenCalledTimes(1);
    fireEvent.change(box, { target: { value: "x".repeat(620) } });
    expect((box as HTMLTextAreaElement).value).toHaveLength(500);
    expect(screen.getByTestId("prompt-counter")).toHaveTextContent("500/500");
  });

  it("says what it is doing while busy, with the seconds spent, and cannot be pressed", () => {
    renderWithApp(<Prompt busy />);
    expect(screen.getByRole("button", { name: /Generating\.\.\. this may take a while \(7s\)/ })).toBeDisabled();
  });

  it("offers the aspect ratio only when generating, and reads Edit Image when editing", async () => {
    const { unmount } = renderWithApp(<Prompt />);
    const portrait = screen.getByRole("radio", { name: "Portrait" });
    await userEvent.click(portrait);
    expect(portrait).toHaveAttribute("aria-checked", "true");
    unmount();
    renderWithApp(<Prompt mode="edit" busy />);
    expect(screen.queryByRole("radio", { name: "Portrait" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Editing\.\.\. this may take a while/ })).toBeDisabled();
  });

  it("offers one to four images when generating, and says how many the button makes", async () => {
    const { unmount } = renderWithApp(<Prompt />);
    expect(screen.getByRole("radiogroup", { name: "Images" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "1 image" })).toHaveAttribute("aria-checked", "true");
    await userEvent.click(screen.getByRole("radio", { name: "4 images" }));
    expect(screen.getByRole("radio", { name: "4 images" })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("radio", { name: "1 image" })).toHaveAttribute("aria-checked", "false");
    await userEvent.type(screen.getByLabelText("Describe the image"), "a cat");
    expect(screen.getByRole("button", { name: "Generate 4 images" })).toBeEnabled();
    unmount();
    renderWithApp(<Prompt mode="edit" />);
    expect(screen.queryByRole("radiogroup", { name: "Images" })).not.toBeInTheDocument();
  });

  it("moves the aspect ratio and the number of images with the arrow keys, Home and End, each group one tab stop", async () => {
    renderWithApp(<Prompt />);
    const box = screen.getByLabelText("Describe the image");
    await userEvent.click(box);
    await userEvent.tab();
    expect(screen.getByRole("radio", { name: "Square" })).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("radio", { name: "Portrait" })).toHaveFocus();
    expect(screen.getByRole("radio", { name: "Portrait" })).toHaveAttribute("aria-checked", "true");
    await userEvent.keyboard("{End}");
    expect(screen.getByRole("radio", { name: "Landscape" })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("radio", { name: "Square" })).toHaveAttribute("aria-checked", "false");
    await userEvent.keyboard("{Home}");
    expect(screen.getByRole("radio", { name: "Square" })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole("radio", { name: "1 image" })).toHaveFocus();
    await userEvent.keyboard("{ArrowLeft}");
    expect(screen.getByRole("radio", { name: "4 images" })).toHaveFocus();
    expect(screen.getByRole("radio", { name: "4 images" })).toHaveAttribute("aria-checked", "true");
    await userEvent.type(box, "a cat");
    expect(screen.getByRole("button", { name: "Generate 4 images" })).toBeEnabled();
  });
});

describe("the zoom viewer", () => {
  it("zooms between 50% and 500% with the buttons and the wheel, and resets", async () => {
    renderWithApp(<ZoomViewer src="/x.png" alt="result" open onOpenChange={() => undefined} />);
    const level = screen.getByTestId("zoom-level");
    await userEvent.click(screen.getByRole("button", { name: "Zoom in" }));
    expect(level).toHaveTextContent("120%");
    for (let step = 0; step < 20; step += 1) await userEvent.click(screen.getByRole("button", { name: "Zoom in" }));
    expect(level).toHaveTextContent("500%");
    for (let step = 0; step < 20; step += 1) await userEvent.click(screen.getByRole("button", { name: "Zoom out" }));
    expect(level).toHaveTextContent("50%");
    await userEvent.click(screen.getByRole("button", { name: "Reset zoom" }));
    expect(level).toHaveTextContent("100%");
    fireEvent.wheel(screen.getByTestId("zoom-viewer"), { deltaY: -100 });
    expect(level).toHaveTextContent("110%");
  });

  it("closes with Escape and the close button", async () => {
    const onOpenChange = jest.fn();
    renderWithApp(<ZoomViewer src="/x.png" alt="result" open onOpenChange={onOpenChange} />);
    await userEvent.keyboard("{Escape}");
    expect(onOpenChange).toHaveBeenCalledWith(false);
    onOpenChange.mockClear();
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
