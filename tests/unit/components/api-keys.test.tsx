/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ApiKeysCard } from "@/components/account/api-keys-card";
import { apiKeysKey } from "@/components/account/use-api-keys";
import type { ApiKeyView } from "@/lib/validation/api-keys";
import { renderWithApp } from "./render";

const NEW_KEY = `pk_${"A".repeat(43)}`;

function keyView(index: number, overrides: Partial<ApiKeyView> = {}): ApiKeyView {
  return { id: `key${index}`, name: `Key ${index}`, prefix: `pk_prefix${index}`, createdAt: "2026-11-20T10:00:00.000Z", lastUsedAt: null, ...overrides };
}

function answerCalls(handler: (method: string, url: string, body: unknown) => unknown) {
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const body = handler(init?.method ?? "GET", url, init?.body ? JSON.parse(String(init.body)) : undefined);
    return { ok: true, status: 200, statusText: "", text: async () => JSON.stringify(body) };
  });
  Object.assign(globalThis, { fetch: fetchMock });
  return fetchMock;
}

describe("the API keys section of the Account page", () => {
  it("lists each key by name, prefix and dates", () => {
    answerCalls(() => null);
    renderWithApp(<ApiKeysCard />, {
      seed: (client) => client.setQueryData(apiKeysKey, [keyView(1, { lastUsedAt: "2026-11-24T08:30:00.000Z" }), keyView(2)]),
    });
    const rows = screen.getAllByTestId("api-key-row");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Key 1");
    expect(rows[0]).toHaveTextContent("pk_prefix1…");
    expect(rows[0]).toHaveTextContent(/Last used/);
    expect(rows[1]).toHaveTextContent("Never used");
  });

  it("creates a key with a name and shows it once, until it is put away", async () => {
    const fetchMock = answerCalls((method, _url, body) =>
      method === "POST" ? { id: "key9", name: (body as { name: string }).name, key: NEW_KEY, prefix: NEW_KEY.slice(0, 11) } : { keys: [] },
    );
    renderWithApp(<ApiKeysCard />, { seed: (client) => client.setQueryData(apiKeysKey, []) });
    expect(screen.getByText("No API keys yet.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create key" })).toBeDisabled();
    fireEvent.change(screen.getByLabelText("Key name"), { target: { value: "  Nightly export " } });
    fireEvent.click(screen.getByRole("button", { name: "Create key" }));
    await waitFor(() => expect(screen.getByTestId("new-api-key-value")).toHaveTextContent(NEW_KEY));
    expect(fetchMock).toHaveBeenCalledWith("/api/keys", expect.objectContaining({ method: "POST", body: JSON.stringify({ name: "Nightly export" }) }));
    expect(screen.getByText("Your new key “Nightly export”")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "I have saved it" }));
    expect(screen.queryByTestId("new-api-key-value")).not.toBeInTheDocument();
  });

  it("stops offering new keys at the limit of 10", () => {
    answerCalls(() => null);
    renderWithApp(<ApiKeysCard />, {
      seed: (client) =>
        client.setQueryData(
          apiKeysKey,
          Array.from({ length: 10 }, (_, index) => keyView(index)),
        ),
    });
    expect(screen.getByText("This account has 10 keys, the most it can have. Revoke one to create another.")).toBeInTheDocument();
    expect(screen.getByLabelText("Key name")).toBeDisabled();
    expect(screen.getByRole("button", { name: "Create key" })).toBeDisabled();
  });
});
