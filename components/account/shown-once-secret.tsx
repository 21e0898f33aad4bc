"use client";
// A secret shown this once (a new API key, a webhook signing secret), with a copy button,
// until the person says they have it. The caller words what it is; this part copies and lays it out.
import { KeyRound } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { CopyTextButton } from "./copy-text-button";

interface ShownOnceSecretProps {
  value: string;
  title: string;
  body: string;
  /** The section's message namespace, which words the copy button, its failure and "done". */
  namespace: "ApiKeys" | "Webhooks";
  /** Marks the box as `testId` and the value as `${testId}-value`. */
  testId: string;
  onDone: () => void;
}

export function ShownOnceSecret({ value, title, body, namespace, testId, onDone }: ShownOnceSecretProps) {
  const t = useTranslations(namespace);

  return (
    <div role="status" className="border-primary/40 bg-primary/5 grid gap-3 rounded-md border p-4" data-testid={testId}>
      <p className="flex items-center gap-2 font-medium">
        <KeyRound aria-hidden className="size-4" />
        {title}
      </p>
      <p className="text-muted-foreground text-sm">{body}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="bg-background min-w-0 flex-1 rounded border px-3 py-2 font-mono text-xs break-all" data-testid={`${testId}-value`}>
          {value}
        </code>
        <CopyTextButton text={value} label={t("copy")} copiedLabel={t("copied")} accessibleLabel={t("copyLabel")} failedMessage={t("copyFailed")} />
      </div>
      <Button type="button" size="sm" className="w-fit" onClick={onDone}>
        {t("done")}
      </Button>
    </div>
  );
}
