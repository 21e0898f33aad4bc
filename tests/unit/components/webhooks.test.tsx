/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { WebhooksCard } from "@/components/account/webhooks-card";
import { webhookEndpointsKey } from "@/components/account/use-webhooks";
import type { WebhookEndpointView } from "@/lib/webhooks/events";
import { renderWithApp } from "./render";

function endpointView(index: number, overrides: Partial<WebhookEndpointView> = {}): WebhookEndpointView {
  return {
    id: `endpoint${index}`,
    url: `https://hooks.example.com/${index}`,
    events: ["operation.succeeded"],
    enabled: true,
    disabledAt: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    ...overrides,
  };
}

describe("the Webhooks section of the Account page", () => {
  it("says which endpoint was switched off, and switches it on", async () => {
    const off = endpointView(2, { enabled: false, disabledAt: "2026-11-26T09:15:00.000Z" });
    const fetchMock = jest.fn(async (_url: string, init?: RequestInit) => {
      const body = init?.method === "PATCH" ? { ...off, enabled: true, disabledAt: null } : { endpoints: [endpointView(1), off] };
      return { ok: true, status: 200, statusText: "", text: async () => JSON.stringify(body) };
    });
    Object.assign(globalThis, { fetch: fetchMock });
    renderWithApp(<WebhooksCard />, { seed: (client) => client.setQueryData(webhookEndpointsKey, [endpointView(1), off]) });
    const rows = screen.getAllByTestId("webhook-endpoint-row");
    expect(rows[0]).not.toHaveTextContent(/Switched off/);
    expect(rows[1]).toHaveTextContent("Switched off on Nov 26, 2026, 9:15 AM: nothing is sent to it until you switch it on.");
    expect(screen.getAllByRole("button", { name: "Switch on" })).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Switch on" }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        "/api/webhook-endpoints/endpoint2",
        expect.objectContaining({ method: "PATCH", body: JSON.stringify({ enabled: true }) }),
      ),
    );
  });
});
