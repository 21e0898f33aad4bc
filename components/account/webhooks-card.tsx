"use client";
// The Account page's "Webhooks" section: add an endpoint (an address and the events it takes; its
// signing secret is shown once), and the list of endpoints with their recent deliveries.
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_EVENTS, WEBHOOK_URL_MAX_LENGTH, type CreatedWebhookEndpoint, type WebhookEventType } from "@/lib/webhooks/events";
import { useCreateWebhookEndpoint, useWebhookEndpoints } from "./use-webhooks";
import { WebhookEndpointRow } from "./webhooks-endpoint-row";
import { WebhookEventLabel } from "./webhooks-event-label";
import { WebhookSecret } from "./webhooks-secret";

export function WebhooksCard() {
  const t = useTranslations("Webhooks");
  const id = useId();
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENTS]);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const full = (endpoints.data?.length ?? 0) >= MAX_WEBHOOK_ENDPOINTS;

  function toggle(event: WebhookEventType, on: boolean) {
    setEvents((current) => (on ? WEBHOOK_EVENTS.filter((name) => name === event || current.includes(name)) : current.filter((name) => name !== event)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (endpoint) => {
          setCreated(endpoint);
          setUrl("");
        },
      },
    );
  }

  return (
    <Card id="webhooks" className="scroll-mt-20" data-testid="webhooks">
      <CardHeader>
        <CardTitle className="text-lg">{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {created && <WebhookSecret created={created} onDone={() => setCreated(null)} />}
        <form onSubmit={submit} className="grid gap-3">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-url`}>{t("urlLabel")}</Label>
            <Input
              id={`${id}-url`}
              type="url"
              required
              inputMode="url"
              maxLength={WEBHOOK_URL_MAX_LENGTH}
              placeholder="https://example.com/pictura-webhook"
              value={url}
              onChange={(change) => setUrl(change.target.value)}
              disabled={full}
            />
          </div>
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
          <Button type="submit" className="w-fit" disabled={full || create.isPending || !url.trim() || events.length === 0}>
            {create.isPending && <Spinner aria-hidden />}
            {create.isPending ? t("adding") : t("add")}
          </Button>
        </form>
        {full && <p className="text-muted-foreground text-sm">{t("limitReached", { max: MAX_WEBHOOK_ENDPOINTS })}</p>}
        {endpoints.isPending && <Spinner aria-hidden className="size-6" />}
        {endpoints.isError && <p className="text-destructive text-sm">{t("loadFailed")}</p>}
        {endpoints.data && endpoints.data.length === 0 && <p className="text-muted-foreground text-sm">{t("empty")}</p>}
        {endpoints.data && endpoints.data.length > 0 && (
          <ul className="divide-border divide-y" aria-label={t("listLabel")}>
            {endpoints.data.map((endpoint) => (
              <WebhookEndpointRow key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
