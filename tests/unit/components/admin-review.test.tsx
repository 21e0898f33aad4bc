/** @jest-environment jsdom */
// The console's review screen: a flagged result shows its picture from the console's own address, the
// account, the tool, the prompt and its scores with the explicit one highlighted; removing asks for a
// ground and a reason and posts the decision with an Idempotency-Key.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ReviewScreen } from "@/components/admin/review-screen";
import type { AdminReviewRow } from "@/lib/validation/admin";
import { answering } from "./answering-fetch";
import { renderWithApp } from "./render";

const flagged: AdminReviewRow = {
  id: "op-flagged",
  userId: "u1",
  userEmail: "ada@example.com",
  kind: "generate",
  prompt: "a portrait at the beach",
  createdAt: "2026-11-27T10:00:00.000Z",
  reviewStatus: "pending",
  reviewedAt: null,
  imageUrl: "/api/admin/review/op-flagged/image",
  scores: {
    model: "nsfwjs MobileNetV2",
    threshold: 0.85,
    mode: "flag",
    images: [
      { image: "result", index: 1, classes: { Drawing: 0.01, Hentai: 0.04, Neutral: 0.02, Porn: 0.9, Sexy: 0.03 }, explicit: 0.94 },
      { image: "input", index: 1, classes: { Drawing: 0.01, Hentai: 0.01, Neutral: 0.9, Porn: 0.05, Sexy: 0.03 }, explicit: 0.06 },
    ],
  },
};

describe("the console's review screen", () => {
  it("shows a flagged result with its scores, and removes it with a ground and a reason", async () => {
    const fetchMock = answering({
      "GET /api/admin/review": { items: [flagged], nextCursor: null },
      "POST /api/admin/review/op-flagged": { operationId: "op-flagged", reviewStatus: "removed", mailed: true },
    });
    const user = userEvent.setup();
    renderWithApp(<ReviewScreen />);
    const card = await screen.findByTestId("review-item");
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/admin/review?status=pending");
    expect(within(card).getByRole("img")).toHaveAttribute("src", "/api/admin/review/op-flagged/image");
    expect(card).toHaveTextContent("ada@example.com");
    expect(card).toHaveTextContent("a portrait at the beach");
    const [result, input] = within(card).getAllByTestId("explicit-score");
    expect(result).toHaveTextContent("Explicit 94%");
    // Over the threshold in red; the input's low score only marked.
    expect(result!.className).toContain("text-destructive");
    expect(input!.className).not.toContain("text-destructive");

    await user.click(within(card).getByRole("button", { name: "Remove" }));
    const dialog = screen.getByRole("dialog");
    await user.type(within(dialog).getByLabelText("Reason"), "Explicit picture, confirmed");
    expect(within(dialog).getByRole("button", { name: "Remove" })).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText("Ground"), "sexual_content");
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const decision = fetchMock.mock.calls.find(([url, init]) => url === "/api/admin/review/op-flagged" && init?.method === "POST")!;
    expect(JSON.parse(decision[1]!.body as string)).toEqual({ decision: "remove", category: "sexual_content", reason: "Explicit picture, confirmed" });
    expect((decision[1]!.headers as Record<string, string>)["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
