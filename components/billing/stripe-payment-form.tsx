"use client";
// Stripe's Payment Element for a payment the server started; confirms in place and, for methods that
// need it, returns to the site's origin (spec §7).
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useTranslations } from "next-intl";
import { useMemo, useState, type FormEvent } from "react";
import { toast } from "@/components/ui/toaster";
import { PayButton } from "./pay-button";

const stripes = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

interface StripePaymentFormProps {
  clientSecret: string;
  publishableKey: string | null;
  submitLabel: string;
  onPaid: () => void;
}

export function StripePaymentForm({ clientSecret, publishableKey, submitLabel, onPaid }: StripePaymentFormProps) {
  const t = useTranslations("Billing");
  const stripe = useMemo(() => (publishableKey ? stripeFor(publishableKey) : null), [publishableKey]);
  if (!stripe) return <p className="text-destructive text-sm">{t("stripeNotConfigured")}</p>;
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: { theme: "stripe" } }}>
      <ConfirmForm submitLabel={submitLabel} onPaid={onPaid} />
    </Elements>
  );
}

function ConfirmForm({ submitLabel, onPaid }: { submitLabel: string; onPaid: () => void }) {
  const t = useTranslations("Billing");
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: window.location.origin },
      redirect: "if_required",
    });
    setBusy(false);
    if (error) {
      toast.error(t("paymentFailed"), { description: error.message ?? t("paymentFailedFallback") });
      return;
    }
    onPaid();
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <PaymentElement />
      <PayButton label={submitLabel} busy={busy} disabled={!stripe || !elements} />
    </form>
  );
}
