/** @jest-environment jsdom */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MySharesCard } from "@/components/account/my-shares-card";
import { sharesKey } from "@/components/account/use-my-shares";
import type { ShareView } from "@/lib/validation/shares";
import { renderWithApp } from "./render";

function shareView(id: string, overrides: Partial<ShareView> = {}): ShareView {
  return {
    id,
    url: `https://pictura.example/s/${id}-token`,
    thumbnailUrl: `/s/${id}-token/thumbnail`,
    indexable: false,
    caption: `Caption ${id}`,
    prompt: null,
    views: 0,
    expiresAt: "2026-12-05T10:00:00.000Z",
    revokedAt: null,
    status: "active",
    createdAt: "2026-11-28T10:00:00.000Z",
    ...overrides,
  };
}

const SHARES = [
  shareView("s1", { views: 12 }),
  shareView("s2", { caption: null, views: 1, expiresAt: null }),
  shareView("s3", { status: "expired", expiresAt: "2026-11-20T10:00:00.000Z" }),
  shareView("s4", { status: "revoked", revokedAt: "2026-11-27T09:00:00.000Z" }),
  shareView("s5", { status: "hidden" }),
];

/** Answers DELETE at once; the list's GET never answers, so what the list shows comes from the revoke alone. */
function answerRevokes(): jest.Mock {
  const fetchMock = jest.fn((url: string, init?: RequestInit) =>
    init?.method === "DELETE" ? Promise.resolve({ ok: true, status: 204, statusText: "", text: async () => "" }) : new Promise(() => undefined),
  );
  Object.assign(globalThis, { fetch: fetchMock });
  return fetchMock;
}

function renderCard(shares: ShareView[]) {
  return renderWithApp(<MySharesCard />, { seed: (client) => client.setQueryData(sharesKey, shares) });
}

describe("the My shares section of the Account page", () => {
  it("lists each link with its picture, caption, state, views and expiry, and the link of an active one", () => {
    answerRevokes();
    renderCard(SHARES);
    const rows = screen.getAllByTestId("share-row");
    expect(rows).toHaveLength(5);
    const [active, uncaptioned, expired, revoked, hidden] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(active).toHaveTextContent("Caption s1");
    expect(active).toHaveTextContent("Active");
    expect(active).toHaveTextContent("12 views");
    expect(active).toHaveTextContent("Expires Dec 5, 2026");
    expect(within(active).getByRole("link", { name: "https://pictura.example/s/s1-token" })).toHaveAttribute("href", "https://pictura.example/s/s1-token");
    expect(active.querySelector("img")).toHaveAttribute("src", "/s/s1-token/thumbnail");
    expect(uncaptioned).toHaveTextContent("No caption");
    expect(uncaptioned).toHaveTextContent("1 view");
    expect(uncaptioned).toHaveTextContent("Never expires");
    expect(expired).toHaveTextContent("Expired");
    expect(expired).toHaveTextContent("Expired Nov 20, 2026");
    expect(revoked).toHaveTextContent("Revoked Nov 27, 2026");
    expect(hidden).toHaveTextContent("Hidden pending review");
    // Only a working link is offered to copy or revoke.
    for (const row of [expired, revoked, hidden]) {
      expect(within(row).queryByRole("button", { name: "Revoke" })).not.toBeInTheDocument();
      expect(within(row).queryByRole("link")).not.toBeInTheDocument();
    }
  });

  it("says so when nothing has been shared", () => {
    answerRevokes();
    renderCard([]);
    expect(screen.getByText("You have not shared any images yet. Use Share on a result or a gallery image.")).toBeInTheDocument();
  });

  it("copies a link", async () => {
    answerRevokes();
    // The browser's clipboard, as user-event stands it in.
    const person = userEvent.setup();
    renderCard(SHARES.slice(0, 1));
    await person.click(screen.getByRole("button", { name: "Copy the link to “Caption s1”" }));
    expect(await navigator.clipboard.readText()).toBe("https://pictura.example/s/s1-token");
  });

  it("revokes a link after a confirmation, and shows it revoked at once", async () => {
    const fetchMock = answerRevokes();
    const person = userEvent.setup();
    renderCard(SHARES.slice(0, 2));
    const [first] = screen.getAllByTestId("share-row") as [HTMLElement];
    await person.click(within(first).getByRole("button", { name: "Revoke" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Revoke this link?" });
    expect(fetchMock).not.toHaveBeenCalledWith("/api/shares/s1", expect.anything());
    await person.click(within(confirm).getByRole("button", { name: "Revoke" }));

    await waitFor(() => expect(screen.getAllByTestId("share-row")[0]).toHaveTextContent(/^Caption s1Revoked/));
    expect(fetchMock).toHaveBeenCalledWith("/api/shares/s1", expect.objectContaining({ method: "DELETE" }));
    const [revoked, untouched] = screen.getAllByTestId("share-row") as [HTMLElement, HTMLElement];
    expect(revoked).toHaveTextContent("Revoked");
    expect(within(revoked).queryByRole("button", { name: "Revoke" })).not.toBeInTheDocument();
    expect(within(revoked).queryByRole("link")).not.toBeInTheDocument();
    expect(untouched).toHaveTextContent("Active");
    expect(within(untouched).getByRole("button", { name: "Revoke" })).toBeInTheDocument();
  });
});
