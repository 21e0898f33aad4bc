"use client";
// The submit button of both payment forms (Stripe's and the sandbox's): the price label, or a
// spinner and "Processing…" while the payment is confirmed.
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

export function PayButton({ label, busy, disabled = false }: { label: string; busy: boolean; disabled?: boolean }) {
  const t = useTranslations("Billing");
  return (
    <Button type="submit" disabled={busy || disabled} className="w-full">
      {busy ? (
        <>
          <Spinner />
          {t("processing")}
        </>
      ) : (
        label
      )}
    </Button>
  );
}
