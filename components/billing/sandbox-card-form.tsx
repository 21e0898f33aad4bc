"use client";
// The sandbox's card form: checked like a real one, clearly labelled as charging nothing.
import { FlaskConical } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { useErrorMessage } from "@/components/auth/use-error-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toaster";
import { PayButton } from "./pay-button";
import { confirmSandboxPayment } from "./use-billing";

function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

interface SandboxCardFormProps {
  clientSecret: string;
  submitLabel: string;
  onPaid: () => void;
}

export function SandboxCardForm({ clientSecret, submitLabel, onPaid }: SandboxCardFormProps) {
  const t = useTranslations("Billing");
  const id = useId();
  const describe = useErrorMessage();
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await confirmSandboxPayment(clientSecret, { number, expiry, cvc });
      onPaid();
    } catch (error) {
      toast.error(t("paymentFailed"), { description: describe(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4" data-testid="sandbox-card-form">
      <div
        role="note"
        className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0" />
        <div>
          <p className="font-semibold">{t("sandboxTitle")}</p>
          <p>{t("sandboxBody")}</p>
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-number`}>{t("cardNumber")}</Label>
        <Input
          id={`${id}-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          required
          value={number}
          onChange={(event) => setNumber(formatCardNumber(event.target.value))}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-expiry`}>{t("cardExpiry")}</Label>
          <Input
            id={`${id}-expiry`}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t("cardExpiryPlaceholder")}
            required
            value={expiry}
            onChange={(event) => setExpiry(formatExpiry(event.target.value))}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-cvc`}>{t("cardCvc")}</Label>
          <Input
            id={`${id}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            required
            maxLength={4}
            value={cvc}
            onChange={(event) => setCvc(event.target.value.replace(/\D/g, ""))}
          />
        </div>
      </div>
      <PayButton label={submitLabel} busy={busy} />
    </form>
  );
}
