"use client";
// The Account page's "API keys" section: create a key with a name (shown once, to copy), and the
// list of keys (name, prefix, created, last used), each of which can be revoked.
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { API_KEY_NAME_MAX_LENGTH, MAX_API_KEYS_PER_ACCOUNT } from "@/lib/api/headers";
import type { CreatedApiKey } from "@/lib/validation/api-keys";
import { ApiKeyRow } from "./api-key-row";
import { NewApiKey } from "./new-api-key";
import { useApiKeys, useCreateApiKey } from "./use-api-keys";

export function ApiKeysCard() {
  const t = useTranslations("ApiKeys");
  const id = useId();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const full = (keys.data?.length ?? 0) >= MAX_API_KEYS_PER_ACCOUNT;

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: (key) => {
        setCreated(key);
        setName("");
      },
    });
  }

  return (
    <Card data-testid="api-keys">
      <CardHeader>
        <CardTitle className="text-lg">{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {created && <NewApiKey created={created} onDone={() => setCreated(null)} />}
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <div className="grid min-w-48 flex-1 gap-2">
            <Label htmlFor={`${id}-name`}>{t("nameLabel")}</Label>
            <Input
              id={`${id}-name`}
              required
              maxLength={API_KEY_NAME_MAX_LENGTH}
              placeholder={t("namePlaceholder")}
              value={name}
              onChange={(event) => setName(event.target.value)}
              disabled={full}
            />
          </div>
          <Button type="submit" disabled={full || create.isPending || !name.trim()}>
            {create.isPending && <Spinner aria-hidden />}
            {create.isPending ? t("creating") : t("create")}
          </Button>
        </form>
        {full && <p className="text-muted-foreground text-sm">{t("limitReached", { max: MAX_API_KEYS_PER_ACCOUNT })}</p>}
        {keys.isPending && <Spinner aria-hidden className="size-6" />}
        {keys.isError && <p className="text-destructive text-sm">{t("loadFailed")}</p>}
        {keys.data && keys.data.length === 0 && <p className="text-muted-foreground text-sm">{t("empty")}</p>}
        {keys.data && keys.data.length > 0 && (
          <ul className="divide-border divide-y" aria-label={t("listLabel")}>
            {keys.data.map((apiKey) => (
              <ApiKeyRow key={apiKey.id} apiKey={apiKey} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
