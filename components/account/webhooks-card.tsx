"use client";
// The Account page's "Webhooks" section: add an endpoint (an address and the events it takes; its
// signing secret is shown once), and the list of endpoints with their recent deliveries.
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PendingButton } from "@/components/ui/pending-button";
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_EVENTS, WEBHOOK_URL_MAX_LENGTH, type WebhookEventType } from "@/lib/webhooks/events";
import { AccountList, AccountSection, useListAdder } from "./account-section";
import { ShownOnceSecret } from "./shown-once-secret";
import { useCreateWebhookEndpoint, useWebhookEndpoints } from "./use-webhooks";
import { WebhookEndpointRow } from "./webhooks-endpoint-row";
import { WebhookEventLabel } from "./webhooks-event-label";

export function WebhooksCard() {
  const t = useTranslations("Webhooks");
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENTS]);
  const { full, added: created, dismiss, submit: add } = useListAdder(endpoints, create, MAX_WEBHOOK_ENDPOINTS);

  function toggle(event: WebhookEventType, on: boolean) {
    setEvents((current) => (on ? WEBHOOK_EVENTS.filter((name) => name === event || current.includes(name)) : current.filter((name) => name !== event)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    add({ url: url.trim(), events }, () => setUrl(""));
  }

  return (
    <AccountSection
      id="webhooks"
      className="scroll-mt-20"
      data-testid="webhooks"
      title={t("title")}
      description={t("description")}
      contentClassName="grid gap-4"
    >
      {created && (
        <ShownOnceSecret
          namespace="Webhooks"
          value={created.secret}
          title={t("secretTitle")}
          body={t("secretBody", { url: created.url })}
          testId="webhook-secret"
          onDone={dismiss}
        />
      )}
      <form onSubmit={submit} className="grid gap-3">
        <FormField label={t("urlLabel")}>
          <Input
            type="url"
            required
            inputMode="url"
            maxLength={WEBHOOK_URL_MAX_LENGTH}
            placeholder="https://example.com/pictura-webhook"
            value={url}
            onChange={(change) => setUrl(change.target.value)}
            disabled={full}
          />
        </FormField>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t("eventsLabel")}</legend>
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="accent-primary size-4"
                checked={events.includes(name)}
                onChange={(change) => toggle(name, change.target.checked)}
                disabled={full}
              />
              <WebhookEventLabel event={name} />
            </label>
          ))}
        </fieldset>
        <PendingButton
          type="submit"
          className="w-fit"
          pending={create.isPending}
          pendingLabel={t("adding")}
          disabled={full || !url.trim() || events.length === 0}
        >
          {t("add")}
        </PendingButton>
      </form>
      {full && <p className="text-muted-foreground text-sm">{t("limitReached", { max: MAX_WEBHOOK_ENDPOINTS })}</p>}
      <AccountList query={endpoints} loadFailed={t("loadFailed")} empty={t("empty")} label={t("listLabel")}>
        {(endpoint) => <WebhookEndpointRow key={endpoint.id} endpoint={endpoint} />}
      </AccountList>
    </AccountSection>
  );
}
