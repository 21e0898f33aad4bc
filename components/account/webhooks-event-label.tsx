"use client";
// An event's name as a person reads it, with its code beside it for developers.
import { useTranslations } from "next-intl";
import type { WebhookEventType } from "@/lib/webhooks/events";

const LABEL_KEYS = { "operation.succeeded": "eventSucceeded", "operation.failed": "eventFailed", "operation.canceled": "eventCanceled" } as const;

export function WebhookEventLabel({ event }: { event: WebhookEventType }) {
  const t = useTranslations("Webhooks");
  return (
    <span>
      {t(LABEL_KEYS[event])} <code className="bg-muted rounded px-1 py-0.5 font-mono text-xs">{event}</code>
    </span>
  );
}
