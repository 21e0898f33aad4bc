/** @jest-environment jsdom */
import { fireEvent, render, screen } from "@testing-library/react";
import { createRef } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";

describe("asChild", () => {
  it("renders the child element with the primitive's styles and the child's own classes", () => {
    render(
      <Button asChild size="sm" className="from-button">
        <a href="https://example.com/gallery" className="px-8">
          Gallery
        </a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Gallery" });
    expect(link.tagName).toBe("A");
    expect(link).toHaveAttribute("href", "https://example.com/gallery");
    expect(link).toHaveAttribute("data-slot", "button");
    expect(link.className).toContain("inline-flex");
    expect(link.className).toContain("from-button");
    expect(link.className.split(" ")).toContain("px-8");
    expect(link.className.split(" ")).toContain("px-3");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("runs both click handlers, the child's first, merges styles and sets both refs", () => {
    const calls: string[] = [];
    const slotRef = createRef<HTMLAnchorElement>();
    const childRef = createRef<HTMLAnchorElement>();
    render(
      <Button asChild ref={slotRef as never} style={{ color: "red", margin: 1 }} onClick={() => calls.push("button")}>
        <a href="#top" ref={childRef} style={{ color: "blue" }} onClick={() => calls.push("child")}>
          Top
        </a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Top" });
    fireEvent.click(link);
    expect(calls).toEqual(["child", "button"]);
    expect(link.style.color).toBe("blue");
    expect(link.style.margin).toBe("1px");
    expect(slotRef.current).toBe(link);
    expect(childRef.current).toBe(link);
  });

  it("lets the child's own props win over the primitive's", () => {
    render(
      <Label asChild id="from-label" htmlFor="ignored">
        <span id="from-child">Size</span>
      </Label>,
    );
    const label = screen.getByText("Size");
    expect(label.tagName).toBe("SPAN");
    expect(label.id).toBe("from-child");
    expect(label).toHaveAttribute("data-slot", "label");
  });

  it("refuses anything but one element", () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() =>
      render(
        <Button asChild>
          <a href="#one">One</a>
          <a href="#two">Two</a>
        </Button>,
      ),
    ).toThrow();
    expect(() => render(<Button asChild>plain text</Button>)).toThrow();
  });
});
