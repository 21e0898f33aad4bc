/** @jest-environment jsdom */
// The console's operation list: a failed operation shows its error, attempts, queue wait and run time,
// and "Run again at no charge" asks for a reason and posts the rerun with an Idempotency-Key; one
// already refunded offers no second refund.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { OperationsScreen } from "@/components/admin/operations-screen";
import type { AdminOperationRow } from "@/lib/validation/admin";
import { answering } from "./answering-fetch";
import { renderWithApp } from "./render";

jest.mock("next/navigation", () => ({ useSearchParams: () => new URLSearchParams("userId=u1") }));

const failed: AdminOperationRow = {
  id: "op-failed",
  userId: "u1",
  userEmail: "ada@example.com",
  kind: "generate",
  status: "failed",
  provider: "flux",
  errorCode: "provider_timeout",
  errorMessage: "The image service did not answer in time.",
  attempts: 3,
  createdAt: "2026-11-27T10:00:00.000Z",
  startedAt: "2026-11-27T10:00:02.500Z",
  completedAt: "2026-11-27T10:00:42.500Z",
  queueWaitMs: 2500,
  runMs: 40000,
  repeatOfId: null,
  refunded: true,
};

describe("the console's operation list", () => {
  it("shows a failed operation's error and timings, and runs it again at no charge with a reason", async () => {
    const fetchMock = answering({
      "GET /api/admin/operations": { items: [failed], nextCursor: null },
      "POST /api/admin/operations/op-failed/rerun": { id: "op-again" },
    });
    const user = userEvent.setup();
    renderWithApp(<OperationsScreen />);
    const row = await screen.findByTestId("operation-row");
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/admin/operations?userId=u1");
    expect(row).toHaveTextContent("provider_timeout: The image service did not answer in time.");
    // Attempts, queue wait and run time, in their columns.
    const cells = within(row)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells.slice(5, 8)).toEqual(["3", "2.5 sec", "40 sec"]);
    expect(within(row).queryByRole("button", { name: "Refund" })).toBeNull();

    await user.click(within(row).getByRole("button", { name: "Run again at no charge" }));
    const dialog = screen.getByRole("dialog");
    await user.type(within(dialog).getByLabelText("Reason"), "The provider was down for an hour");
    await user.click(within(dialog).getByRole("button", { name: "Run again at no charge" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const rerun = fetchMock.mock.calls.find(([url]) => url === "/api/admin/operations/op-failed/rerun")!;
    expect(rerun[1]).toMatchObject({ method: "POST", body: JSON.stringify({ reason: "The provider was down for an hour" }) });
    expect((rerun[1]!.headers as Record<string, string>)["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
