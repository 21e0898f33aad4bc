// The developer page's guide: keys, a first call (background removal in three languages),
// idempotency, webhooks and their signatures, and limits. Server-rendered text; only the reference
// below it runs in the browser.
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import {
  API_ACCOUNT_RATE_LIMIT_DEFAULT,
  API_KEY_CHANGES_PER_HOUR,
  API_RATE_LIMIT_DEFAULT,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_TTL_HOURS,
  MAX_API_KEYS_PER_ACCOUNT,
} from "@/lib/api/headers";
import { Link } from "@/lib/i18n/navigation";
import { WEBHOOK_DISABLE_AFTER_FAILURES_DEFAULT, WEBHOOK_RESEND_RATE_LIMIT_DEFAULT } from "@/lib/webhooks/events";
import { CodeBlock } from "./code-block";
import { backgroundRemovalExamples, VERIFY_EXAMPLES } from "./examples";

const OPERATION_PATH = "GET /api/operations/{id}";
const SECTIONS = ["keys", "first-call", "idempotency", "webhooks", "limits", "reference"] as const;

const code = (chunks: ReactNode) => <code className="bg-muted rounded px-1 py-0.5 font-mono text-[0.9em] wrap-anywhere">{chunks}</code>;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid scroll-mt-20 gap-3">
      <h2 id={`${id}-title`} className="text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

export async function DeveloperGuide({ origin, rateLimit = API_RATE_LIMIT_DEFAULT }: { origin: string; rateLimit?: number }) {
  const t = await getTranslations("Developers");
  const titles = {
    keys: t("keysTitle"),
    "first-call": t("firstCallTitle"),
    idempotency: t("idempotencyTitle"),
    webhooks: t("webhooksTitle"),
    limits: t("limitsTitle"),
    reference: t("referenceTitle"),
  };
  const exampleTitle = { curl: t("curl"), javascript: t("javascript"), python: t("python") };
  const verifyTitle = { javascript: t("verifyNode"), python: t("verifyPython") };
  return (
    <div className="grid gap-10">
      <nav aria-label={t("contentsLabel")}>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {SECTIONS.map((id) => (
            <li key={id}>
              <a className="text-primary underline-offset-4 hover:underline" href={`#${id}`}>
                {titles[id]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Section id="keys" title={titles.keys}>
        <p>
          {t.rich("keysBody", {
            maxKeys: MAX_API_KEYS_PER_ACCOUNT,
            account: (chunks) => (
              <Link className="text-primary underline" href="/account">
                {chunks}
              </Link>
            ),
          })}
        </p>
        <p>{t.rich("keysSend", { code })}</p>
      </Section>
      <Section id="first-call" title={titles["first-call"]}>
        <p>{t.rich("firstCallBody", { code })}</p>
        <div className="grid gap-4" role="group" aria-label={t("examplesLabel")}>
          {backgroundRemovalExamples(origin).map((example) => (
            <CodeBlock key={example.id} title={exampleTitle[example.id]} code={example.code} />
          ))}
        </div>
        <p>{t.rich("asyncBody", { code, operationPath: OPERATION_PATH })}</p>
      </Section>
      <Section id="idempotency" title={titles.idempotency}>
        <p>{t.rich("idempotencyBody", { code, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, hours: IDEMPOTENCY_KEY_TTL_HOURS })}</p>
        <p>{t.rich("idempotencyRepeat", { code })}</p>
      </Section>
      <Section id="webhooks" title={titles.webhooks}>
        <p>{t.rich("webhooksBody", { code })}</p>
        <p>{t.rich("webhooksPayload", { code, operationPath: OPERATION_PATH })}</p>
        <p>{t("webhooksRetries")}</p>
        <p>
          {t.rich("webhooksHealth", {
            code,
            failures: WEBHOOK_DISABLE_AFTER_FAILURES_DEFAULT,
            patchPath: "PATCH /api/webhook-endpoints/{id}",
            enableBody: '{"enabled": true}',
          })}
        </p>
        <h3 className="text-lg font-semibold">{t("verifyTitle")}</h3>
        <p>{t.rich("verifyBody", { code })}</p>
        {VERIFY_EXAMPLES.map((example) => (
          <CodeBlock key={example.id} title={verifyTitle[example.id]} code={example.code} />
        ))}
      </Section>
      <Section id="limits" title={titles.limits}>
        <p>{t.rich("limitsRate", { code, rate: rateLimit })}</p>
        <p>{t.rich("limitsAccount", { code, rate: API_ACCOUNT_RATE_LIMIT_DEFAULT })}</p>
        <p>{t.rich("limitsManagement", { code, keyChanges: API_KEY_CHANGES_PER_HOUR, resends: WEBHOOK_RESEND_RATE_LIMIT_DEFAULT })}</p>
        <p>{t.rich("limitsCredits", { code })}</p>
        <p>{t.rich("limitsImages", { code })}</p>
      </Section>
    </div>
  );
}
