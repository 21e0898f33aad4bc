"use client";
// A secret shown this once (a new API key, a webhook signing secret), with a copy button,
// until the person says they have it. The caller words what it is; this part copies and lays it out.
import { Check, Copy, KeyRound } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";

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
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast.error(t("copyFailed"));
    }
  }

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
        <Button type="button" variant="outline" size="sm" onClick={copy} aria-label={t("copyLabel")}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? t("copied") : t("copy")}
        </Button>
      </div>
      <Button type="button" size="sm" className="w-fit" onClick={onDone}>
        {t("done")}
      </Button>
    </div>
  );
}
