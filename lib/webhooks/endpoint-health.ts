// An endpoint's health, as Stripe keeps it: deliveries that failed every retry are counted in a row,
// a success resets the count, and at WEBHOOK_DISABLE_AFTER_FAILURES the endpoint is switched off and
// its owner told by mail, in their language. Nothing is sent to it until the owner switches it on.
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import { sendMail } from "@/lib/mail/mailer";
import { webhookDisabledMail } from "@/lib/mail/templates";
import { logger } from "@/lib/observability/log";

const log = logger("webhooks");

export async function recordDeliverySuccess(endpointId: string): Promise<void> {
  await db.webhookEndpoint.updateMany({ where: { id: endpointId, consecutiveFailures: { gt: 0 } }, data: { consecutiveFailures: 0 } });
}

/** Counts a delivery that failed its last retry; switches the endpoint off (and mails its owner) at the limit. */
export async function recordDeliveryFailure(endpointId: string): Promise<void> {
  const limit = env().WEBHOOK_DISABLE_AFTER_FAILURES;
  // Counting and switching off are one statement, so the mail goes out exactly once.
  const rows = await db.$queryRaw<{ userId: string; url: string; failures: number; switchedOff: boolean }[]>`
    WITH "before" AS (SELECT "id", "disabledAt" FROM "webhook_endpoints" WHERE "id" = ${endpointId} FOR UPDATE)
    UPDATE "webhook_endpoints" AS e SET
      "consecutiveFailures" = e."consecutiveFailures" + 1,
      "disabledAt" = CASE WHEN e."disabledAt" IS NULL AND e."consecutiveFailures" + 1 >= ${limit} THEN now() ELSE e."disabledAt" END
    FROM "before" WHERE e."id" = "before"."id"
    RETURNING e."userId", e."url", e."consecutiveFailures" AS "failures", ("before"."disabledAt" IS NULL AND e."disabledAt" IS NOT NULL) AS "switchedOff"`;
  const row = rows[0];
  if (row?.switchedOff) await mailOwner(row.userId, row.url, row.failures);
}

async function mailOwner(userId: string, url: string, failures: number): Promise<void> {
  const owner = await db.user.findUnique({ where: { id: userId }, select: { email: true, firstName: true, locale: true, deletedAt: true } });
  if (!owner || owner.deletedAt) return;
  const origin = env().APP_URL ? new URL(env().APP_URL!).origin : "http://localhost:3000";
  const prefix = isLocale(owner.locale) && owner.locale !== defaultLocale ? `/${owner.locale}` : "";
  try {
    await sendMail(
      webhookDisabledMail({ to: owner.email, name: owner.firstName, locale: owner.locale, link: `${origin}${prefix}/account#webhooks`, url, failures }),
    );
  } catch (error) {
    // The endpoint stays off either way; the Account page shows it.
    log.error({ err: error }, "the mail saying an endpoint was switched off could not be sent");
  }
}
