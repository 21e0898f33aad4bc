"use client";
// "Complete Your Subscription" (and the credit-pack purchase): starts the payment as it opens, then
// shows Stripe's Payment Element or, without a Stripe key, the sandbox's card form.
import { useMutation } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import type { PaymentStart } from "@/lib/validation/billing";
import { SandboxCardForm } from "./sandbox-card-form";

// Stripe's script loads only when a real Stripe payment is about to be taken.
const StripePaymentForm = dynamic(() => import("./stripe-payment-form").then((module) => module.StripePaymentForm), {
  ssr: false,
  loading: () => <Spinner className="mx-auto my-8 size-6" />,
});

export interface CheckoutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  start: () => Promise<PaymentStart>;
  onPaid: (provider: PaymentStart["provider"]) => void;
}

export function CheckoutDialog({ open, onOpenChange, title, description, submitLabel, start, onPaid }: CheckoutDialogProps) {
  const t = useTranslations("Billing");
  const tc = useTranslations("Common");
  const payment = useMutation({
    mutationFn: start,
    onError: () => {
      onOpenChange(false);
      toast.error(tc("error"), { description: t("initiateFailed") });
    },
  });
  const { mutate, reset } = payment;
  // One payment per opening, even when React runs the effect twice (development's strict mode):
  // each start creates a subscription or payment at the provider.
  const started = useRef(false);

  useEffect(() => {
    if (open && !started.current) {
      started.current = true;
      mutate();
    } else if (!open) {
      started.current = false;
      reset();
    }
  }, [open, mutate, reset]);

  const ready = payment.data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={tc("close")} title={title} description={description}>
        {!ready ? (
          <div className="text-muted-foreground flex items-center justify-center gap-2 py-8 text-sm">
            <Spinner />
            {t("preparingPayment")}
          </div>
        ) : ready.provider === "stripe" ? (
          <StripePaymentForm
            clientSecret={ready.clientSecret}
            publishableKey={ready.publishableKey}
            submitLabel={submitLabel}
            onPaid={() => onPaid("stripe")}
          />
        ) : (
          <SandboxCardForm clientSecret={ready.clientSecret} submitLabel={submitLabel} onPaid={() => onPaid("sandbox")} />
        )}
      </DialogContent>
    </Dialog>
  );
}
