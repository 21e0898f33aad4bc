/** @jest-environment jsdom */
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";

function Weights() {
  const [value, setValue] = useState("normal");
  return (
    <RadioGroup aria-label="Weight" value={value} onValueChange={setValue}>
      {["thin", "normal", "bold"].map((weight) => (
        <RadioGroupItem key={weight} value={weight}>
          {weight}
        </RadioGroupItem>
      ))}
    </RadioGroup>
  );
}

describe("RadioGroup", () => {
  it("is one tab stop, on the checked item", () => {
    render(<Weights />);
    expect(screen.getAllByRole("radio").map((radio) => radio.tabIndex)).toEqual([-1, 0, -1]);
    expect(screen.getByRole("radio", { name: "normal" })).toHaveAttribute("aria-checked", "true");
  });

  it("moves and selects with the arrow keys, wrapping, and jumps with Home and End", () => {
    render(<Weights />);
    const checked = () => screen.getAllByRole("radio").find((radio) => radio.getAttribute("aria-checked") === "true")?.textContent;
    fireEvent.keyDown(screen.getByRole("radio", { name: "normal" }), { key: "ArrowRight" });
    expect(checked()).toBe("bold");
    expect(screen.getByRole("radio", { name: "bold" })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole("radio", { name: "bold" }), { key: "ArrowDown" });
    expect(checked()).toBe("thin");
    fireEvent.keyDown(screen.getByRole("radio", { name: "thin" }), { key: "End" });
    expect(checked()).toBe("bold");
    fireEvent.keyDown(screen.getByRole("radio", { name: "bold" }), { key: "Home" });
    expect(checked()).toBe("thin");
    fireEvent.keyDown(screen.getByRole("radio", { name: "thin" }), { key: "ArrowLeft" });
    expect(checked()).toBe("bold");
  });
});
