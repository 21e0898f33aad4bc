/** @jest-environment jsdom */
// The console's reason dialog: a reason under 10 characters is refused before anything is sent; a
// double click sends once; a refusal shows the server's words, and trying again in the same dialog
// sends the same Idempotency-Key, while the next opening of the dialog draws a new one.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { adminRequest } from "@/components/admin/admin-request";
import { ReasonDialog } from "@/components/admin/reason-dialog";
import { renderWithApp } from "./render";

type Answer = { status: number; body: unknown };

/** A fetch whose answers the test gives one by one, recording each call. */
function heldFetch() {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const waiting: Array<(answer: Answer) => void> = [];
  const fetchMock = jest.fn(
    (url: string, init: RequestInit) =>
      new Promise((resolve) => {
        calls.push({ url, init });
        waiting.push(({ status, body }) => resolve({ ok: status < 400, status, statusText: "", text: async () => JSON.stringify(body) }));
      }),
  );
  Object.assign(globalThis, { fetch: fetchMock });
  return {
    calls,
    answer: (answer: Answer) => waiting.shift()!(answer),
    keyOf: (index: number) => (calls[index]!.init.headers as Record<string, string>)["Idempotency-Key"],
  };
}

function renderDialog() {
  return renderWithApp(
    <ReasonDialog
      trigger="Grant credits"
      title="Grant credits"
      description="Adds credits."
      confirm="Confirm grant"
      done="Credits granted."
      send={(reason, key) => adminRequest("POST", "/api/admin/users/u1/credits", { body: { delta: 25, reason }, idempotencyKey: key })}
    />,
  );
}

describe("the console's reason dialog", () => {
  it("refuses a reason shorter than 10 characters and sends nothing", async () => {
    const server = heldFetch();
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole("button", { name: "Grant credits" }));
    await user.type(screen.getByLabelText("Reason"), "  too short ");
    await user.click(screen.getByRole("button", { name: "Confirm grant" }));
    expect(screen.getByText("Give a reason of at least 10 characters.")).toBeVisible();
    expect(screen.getByLabelText("Reason")).toHaveAttribute("aria-invalid", "true");
    expect(server.calls).toHaveLength(0);
  });

  it("acts once on a double click, keeps its key for a retry, and draws a new key when opened again", async () => {
    const server = heldFetch();
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole("button", { name: "Grant credits" }));
    await user.type(screen.getByLabelText("Reason"), "Goodwill after the outage");
    await user.dblClick(screen.getByRole("button", { name: "Confirm grant" }));
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(screen.getByRole("button", { name: /Confirm grant/ })).toBeDisabled();
    expect(JSON.parse(String(server.calls[0]!.init.body))).toEqual({ delta: 25, reason: "Goodwill after the outage" });
    const firstKey = server.keyOf(0);
    expect(firstKey).toMatch(/^[0-9a-f-]{36}$/);

    server.answer({ status: 409, body: { error: "adjustment_in_progress", message: "The same adjustment is still being made." } });
    expect(await screen.findByRole("alert")).toHaveTextContent("The same adjustment is still being made.");
    await user.click(screen.getByRole("button", { name: "Confirm grant" }));
    await waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.keyOf(1)).toBe(firstKey);

    server.answer({ status: 200, body: { credits: 85 } });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Grant credits" }));
    await user.type(screen.getByLabelText("Reason"), "A second, separate grant");
    await user.click(screen.getByRole("button", { name: "Confirm grant" }));
    await waitFor(() => expect(server.calls).toHaveLength(3));
    expect(server.keyOf(2)).not.toBe(firstKey);
  });
});
