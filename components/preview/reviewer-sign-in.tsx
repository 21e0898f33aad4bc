// "Sign in as reviewer" on the sign-in screen of a preview: a plain HTML form, one button per plan,
// rendered on the server only in a preview, so other deploys carry none of it and it needs no script.
import { getLocale, getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import type { Locale } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/pages";
import { REVIEWER_PLANS } from "@/lib/validation/preview";

export async function ReviewerSignIn({ returnTo }: { returnTo: string }) {
  const t = await getTranslations("PreviewReviewer");
  const locale = (await getLocale()) as Locale;
  return (
    <form
      method="post"
      action="/api/preview/reviewer"
      aria-labelledby="reviewer-sign-in-title"
      className="border-primary/40 grid gap-3 rounded-lg border border-dashed p-4"
    >
      <input type="hidden" name="returnTo" value={localizedPath(locale, returnTo)} />
      <h2 id="reviewer-sign-in-title" className="font-semibold">
        {t("title")}
      </h2>
      <p className="text-muted-foreground text-sm">{t("description")}</p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {REVIEWER_PLANS.map((plan) => (
          <Button key={plan} type="submit" name="plan" value={plan} variant="outline">
            {t(`plan_${plan}`)}
          </Button>
        ))}
      </div>
      <a href={localizedPath(locale, "/preview/outbox")} className="text-primary text-sm underline">
        {t("outboxLink")}
      </a>
    </form>
  );
}
