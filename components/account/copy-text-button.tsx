"use client";
// A button that copies a text (the authenticator key, the recovery codes) and says so once it has;
// when the browser refuses, a toast asks the person to copy it by hand.
import { Check, Copy } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";

interface CopyTextButtonProps {
  text: string;
  /** The button's words, and the name a screen reader hears (what it copies). */
  label: string;
  accessibleLabel: string;
}

export function CopyTextButton({ text, label, accessibleLabel }: CopyTextButtonProps) {
  const t = useTranslations("TwoFactor");
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast.error(t("copyFailed"));
    }
  }

  return (
    <Button type="button" variant="outline" size="sm" onClick={copy} aria-label={accessibleLabel}>
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {copied ? t("copied") : label}
    </Button>
  );
}
