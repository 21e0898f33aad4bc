// Shown on every page when the payment sandbox runs in production (BILLING_SANDBOX=true): nobody
// should think a payment here is real.
import { getTranslations } from "next-intl/server";

export async function SandboxNotice() {
  const t = await getTranslations("Billing");
  return (
    <div role="status" data-testid="sandbox-notice" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950">
      {t("sandboxNotice")}
    </div>
  );
}
