"use client";
// An endpoint's last 50 deliveries, newest first: the event, when, its status and answer, and
// "Resend", which sends the same event again with a fresh signature.
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { WebhookDeliveryStatus } from "@/lib/webhooks/events";
import { AccountList, useShortDateTime } from "./account-section";
import { useResendDelivery, useWebhookDeliveries } from "./use-webhooks";
import { WebhookEventLabel } from "./webhooks-event-label";

const STATUS_KEYS = { pending: "statusPending", retrying: "statusRetrying", succeeded: "statusSucceeded", failed: "statusFailed" } as const;
const STATUS_VARIANTS: Record<WebhookDeliveryStatus, "success" | "secondary" | "destructive" | "outline"> = {
  pending: "outline",
  retrying: "secondary",
  succeeded: "success",
  failed: "destructive",
};

export function WebhookDeliveries({ id, endpointId }: { id: string; endpointId: string }) {
  const t = useTranslations("Webhooks");
  const when = useShortDateTime();
  const deliveries = useWebhookDeliveries(endpointId, true);
  const resend = useResendDelivery(endpointId);
  return (
    <div id={id} className="bg-muted/40 grid gap-2 rounded-md p-3">
      <h3 className="text-sm font-medium">{t("deliveriesTitle")}</h3>
      <AccountList query={deliveries} loadFailed={t("loadFailed")} empty={t("deliveriesEmpty")} className="text-sm" spinnerClassName="size-5">
        {(delivery) => (
          <li key={delivery.id} className="flex flex-wrap items-center gap-2 py-2" data-testid="webhook-delivery">
            <div className="grid min-w-0 flex-1 gap-0.5">
              <WebhookEventLabel event={delivery.type} />
              <p className="text-muted-foreground text-xs">
                {when(delivery.createdAt)} · {t("attempts", { count: delivery.attempts })}
                {delivery.lastStatusCode !== null && <> · {t("answered", { status: delivery.lastStatusCode })}</>}
              </p>
              {delivery.status !== "succeeded" && delivery.lastError && <p className="text-muted-foreground text-xs break-all">{delivery.lastError}</p>}
            </div>
            <Badge variant={STATUS_VARIANTS[delivery.status]}>{t(STATUS_KEYS[delivery.status])}</Badge>
            <Button variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate(delivery)}>
              {t("resend")}
            </Button>
          </li>
        )}
      </AccountList>
    </div>
  );
}
