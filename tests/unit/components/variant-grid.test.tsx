/** @jest-environment jsdom */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { VariantGrid } from "@/components/editor/variant-grid";
import type { VariantTile } from "@/components/editor/use-variants";
import { renderWithApp } from "./render";

const tile = (index: number, status: VariantTile["status"]): VariantTile => ({
  operationId: `op${index}`,
  status,
  sample: status === "ready" ? `/api/files/${String(index).repeat(24)}` : null,
  width: status === "ready" ? 1024 : null,
  height: status === "ready" ? 1024 : null,
});

describe("the variant grid", () => {
  it("shows each image as it arrives, says which failed and was refunded, and marks the picked one", async () => {
    const pick = jest.fn();
    const tiles = [tile(1, "ready"), tile(2, "waiting"), tile(3, "failed"), tile(4, "ready")];
    renderWithApp(<VariantGrid tiles={tiles} chosen={tiles[3]!.sample} onPick={pick} />);
    expect(screen.getAllByTestId("variant")).toHaveLength(2);
    expect(screen.getByText("Image 2 of 4 is on its way")).toBeInTheDocument();
    expect(screen.getByTestId("variant-failed")).toHaveTextContent("This image could not be made. Its credits were refunded.");
    expect(screen.getByRole("button", { name: "Use image 4 of 4" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Use image 1 of 4" })).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(screen.getByRole("button", { name: "Use image 1 of 4" }));
    expect(pick).toHaveBeenCalledWith(tiles[0]);
  });
});
