"use client";
// A button that copies a text (a new API key, a signing secret, the authenticator key, the recovery
// codes) and says so once it has; when the browser refuses, a toast asks the person to copy it by hand.
// The caller words it, in its own section's messages.
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";

interface CopyTextButtonProps {
  text: string;
  /** The button's words, then once it has copied. */
  label: string;
  copiedLabel: string;
  /** The name a screen reader hears: what it copies. */
  accessibleLabel: string;
  /** The toast when the browser refuses to copy. */
  failedMessage: string;
}

export function CopyTextButton({ text, label, copiedLabel, accessibleLabel, failedMessage }: CopyTextButtonProps) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast.error(failedMessage);
    }
  }

  return (
    <Button type="button" variant="outline" size="sm" onClick={copy} aria-label={accessibleLabel}>
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {copied ? copiedLabel : label}
    </Button>
  );
}
