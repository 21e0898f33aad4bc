"use client";
// One webhook endpoint in the Account page's list: its address and events, whether it was switched
// off (with a button to switch it on), its recent deliveries on demand, and deleting it after a
// confirmation.
import { Webhook } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { WebhookEndpointView } from "@/lib/webhooks/events";
import { useShortDateTime } from "./account-section";
import { ConfirmedRemovalButton } from "./confirmed-removal-button";
import { useDeleteWebhookEndpoint, useSwitchOnWebhookEndpoint } from "./use-webhooks";
import { WebhookDeliveries } from "./webhooks-deliveries";
import { WebhookEventLabel } from "./webhooks-event-label";

export function WebhookEndpointRow({ endpoint }: { endpoint: WebhookEndpointView }) {
  const t = useTranslations("Webhooks");
  const when = useShortDateTime();
  const remove = useDeleteWebhookEndpoint();
  const switchOn = useSwitchOnWebhookEndpoint();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const deliveriesId = `deliveries-${endpoint.id}`;
  return (
    <li className="grid gap-3 py-3" data-testid="webhook-endpoint-row">
      <div className="flex flex-wrap items-center gap-3">
        <Webhook aria-hidden className="text-muted-foreground size-5 shrink-0" />
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="font-mono text-sm break-all">{endpoint.url}</p>
          <ul className="text-muted-foreground flex flex-wrap gap-x-3 gap-y-1 text-xs" aria-label={t("eventsLabel")}>
            {endpoint.events.map((event) => (
              <li key={event}>
                <WebhookEventLabel event={event} />
              </li>
            ))}
          </ul>
          <p className="text-muted-foreground text-xs">{t("createdOn", { date: when(endpoint.createdAt) })}</p>
          {endpoint.disabledAt && (
            <p className="text-destructive text-xs" data-testid="webhook-endpoint-switched-off">
              {t("switchedOff", { date: when(endpoint.disabledAt) })}
            </p>
          )}
        </div>
        {!endpoint.enabled && (
          <Button size="sm" disabled={switchOn.isPending} onClick={() => switchOn.mutate(endpoint)}>
            {t("switchOn")}
          </Button>
        )}
        <Button variant="outline" size="sm" aria-expanded={showDeliveries} aria-controls={deliveriesId} onClick={() => setShowDeliveries((shown) => !shown)}>
          {showDeliveries ? t("hideDeliveries") : t("showDeliveries")}
        </Button>
        <ConfirmedRemovalButton
          label={t("delete")}
          title={t("deleteTitle")}
          description={t("deleteBody", { url: endpoint.url })}
          cancelLabel={t("cancel")}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(endpoint)}
        />
      </div>
      {showDeliveries && <WebhookDeliveries id={deliveriesId} endpointId={endpoint.id} />}
    </li>
  );
}
