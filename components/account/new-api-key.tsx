"use client";
// A key just created: shown this once, with a copy button, until the person says they have it.
import { useTranslations } from "next-intl";
import { ShownOnceSecret } from "@/components/account/shown-once-secret";
import type { CreatedApiKey } from "@/lib/validation/api-keys";

export function NewApiKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const t = useTranslations("ApiKeys");
  return (
    <ShownOnceSecret
      value={created.key}
      testId="new-api-key"
      onDone={onDone}
      text={{
        title: t("createdTitle", { name: created.name }),
        body: t("createdBody"),
        copy: t("copy"),
        copied: t("copied"),
        copyLabel: t("copyLabel"),
        copyFailed: t("copyFailed"),
        done: t("done"),
      }}
    />
  );
}
