"use client";
// The Account page's "API keys" section: create a key with a name (shown once, to copy), and the
// list of keys (name, prefix, created, last used), each of which can be revoked.
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PendingButton } from "@/components/ui/pending-button";
import { API_KEY_NAME_MAX_LENGTH, MAX_API_KEYS_PER_ACCOUNT } from "@/lib/api/headers";
import { AccountList, AccountSection, useListAdder } from "./account-section";
import { ApiKeyRow } from "./api-key-row";
import { ShownOnceSecret } from "./shown-once-secret";
import { useApiKeys, useCreateApiKey } from "./use-api-keys";

export function ApiKeysCard() {
  const t = useTranslations("ApiKeys");
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const { full, added: created, dismiss, submit: add } = useListAdder(keys, create, MAX_API_KEYS_PER_ACCOUNT);

  function submit(event: FormEvent) {
    event.preventDefault();
    add(name.trim(), () => setName(""));
  }

  return (
    <AccountSection data-testid="api-keys" title={t("title")} description={t("description")} contentClassName="grid gap-4">
      {created && (
        <ShownOnceSecret
          namespace="ApiKeys"
          value={created.key}
          title={t("createdTitle", { name: created.name })}
          body={t("createdBody")}
          testId="new-api-key"
          onDone={dismiss}
        />
      )}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <FormField label={t("nameLabel")} className="min-w-48 flex-1">
          <Input
            required
            maxLength={API_KEY_NAME_MAX_LENGTH}
            placeholder={t("namePlaceholder")}
            value={name}
            onChange={(event) => setName(event.target.value)}
            disabled={full}
          />
        </FormField>
        <PendingButton type="submit" pending={create.isPending} pendingLabel={t("creating")} disabled={full || !name.trim()}>
          {t("create")}
        </PendingButton>
      </form>
      {full && <p className="text-muted-foreground text-sm">{t("limitReached", { max: MAX_API_KEYS_PER_ACCOUNT })}</p>}
      <AccountList query={keys} loadFailed={t("loadFailed")} empty={t("empty")} label={t("listLabel")}>
        {(apiKey) => <ApiKeyRow key={apiKey.id} apiKey={apiKey} />}
      </AccountList>
    </AccountSection>
  );
}
