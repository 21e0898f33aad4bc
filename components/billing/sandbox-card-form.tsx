"use client";
// The sandbox's card form: checked like a real one, clearly labelled as charging nothing.
import { FlaskConical } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useErrorMessage } from "@/components/auth/use-error-message";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
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

function formatCvc(value: string): string {
  return value.replace(/\D/g, "");
}

interface CardFieldProps {
  label: string;
  autoComplete: string;
  placeholder: string;
  maxLength?: number;
  value: string;
  onChange: (value: string) => void;
  /** Keeps what is typed in the card's own shape: digits, grouped or with a slash. */
  format: (typed: string) => string;
}

/** One of the card's numeric fields, required and formatted as it is typed. */
function CardField({ label, onChange, format, ...input }: CardFieldProps) {
  return (
    <FormField label={label}>
      <Input inputMode="numeric" required {...input} onChange={(event) => onChange(format(event.target.value))} />
    </FormField>
  );
}

interface SandboxCardFormProps {
  clientSecret: string;
  submitLabel: string;
  onPaid: () => void;
}

export function SandboxCardForm({ clientSecret, submitLabel, onPaid }: SandboxCardFormProps) {
  const t = useTranslations("Billing");
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
      <CardField
        label={t("cardNumber")}
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={number}
        onChange={setNumber}
        format={formatCardNumber}
      />
      <div className="grid grid-cols-2 gap-3">
        <CardField
          label={t("cardExpiry")}
          autoComplete="cc-exp"
          placeholder={t("cardExpiryPlaceholder")}
          value={expiry}
          onChange={setExpiry}
          format={formatExpiry}
        />
        <CardField label={t("cardCvc")} autoComplete="cc-csc" placeholder="123" maxLength={4} value={cvc} onChange={setCvc} format={formatCvc} />
      </div>
      <PayButton label={submitLabel} busy={busy} />
    </form>
  );
}
