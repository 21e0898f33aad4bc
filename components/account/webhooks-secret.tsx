"use client";
// An endpoint just added: its signing secret, shown this once, with a copy button.
import { useTranslations } from "next-intl";
import { ShownOnceSecret } from "@/components/account/shown-once-secret";
import type { CreatedWebhookEndpoint } from "@/lib/webhooks/events";

export function WebhookSecret({ created, onDone }: { created: CreatedWebhookEndpoint; onDone: () => void }) {
  const t = useTranslations("Webhooks");
  return (
    <ShownOnceSecret
      value={created.secret}
      testId="webhook-secret"
      onDone={onDone}
      text={{
        title: t("secretTitle"),
        body: t("secretBody", { url: created.url }),
        copy: t("copy"),
        copied: t("copied"),
        copyLabel: t("copyLabel"),
        copyFailed: t("copyFailed"),
        done: t("done"),
      }}
    />
  );
}
