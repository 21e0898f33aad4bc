"use client";
// The owner's appeal of a removal: what was removed and when, one text field, and one send. After it
// is in, the page says so; a second send of the same link is refused by the server (409) and said so.
import { CheckCircle2 } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useErrorMessage } from "@/components/auth/use-error-message";
import { ToolLayout } from "@/components/tools/tool-layout";
import { Card } from "@/components/ui/card";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api/client";
import { REPORT_LIMITS } from "@/lib/reports/report-values";
import { ReportField } from "./report-field";
import { ReportSend } from "./report-send";
import { useSubmitAppeal } from "./use-reports";

const KNOWN_REFUSALS = ["appeal_already_made", "appeal_not_found"];

export function AppealScreen({ token, url, decidedAt }: { token: string; url: string; decidedAt: string }) {
  const t = useTranslations("Appeal");
  const format = useFormatter();
  const describe = useErrorMessage();
  const appeal = useSubmitAppeal();
  const [tooShort, setTooShort] = useState(false);

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get("text") ?? "").trim();
    setTooShort(text.length < REPORT_LIMITS.appealMin);
    if (text.length >= REPORT_LIMITS.appealMin) appeal.mutate({ token, text });
  };
  const code = appeal.error instanceof ApiError ? appeal.error.code : undefined;
  const refusal = code && KNOWN_REFUSALS.includes(code) ? t(`errors.${code}`) : appeal.isError ? describe(appeal.error) : null;

  return (
    <ToolLayout title={t("title")} description={t("description")}>
      <Card className="mx-auto grid w-full max-w-2xl min-w-0 gap-5 p-4 sm:p-6">
        <dl className="grid gap-1 text-sm">
          <dt className="text-muted-foreground">{t("removedAddress")}</dt>
          <dd className="break-all">{url}</dd>
          <dt className="text-muted-foreground">{t("removedOn")}</dt>
          <dd>{format.dateTime(new Date(decidedAt), { dateStyle: "long", timeStyle: "short" })}</dd>
        </dl>
        {appeal.isSuccess ? (
          <p role="status" className="flex items-start gap-2 font-medium" data-testid="appeal-sent">
            <CheckCircle2 aria-hidden className="text-primary mt-0.5 size-5 shrink-0" />
            {t("sent")}
          </p>
        ) : (
          <form onSubmit={send} noValidate className="grid gap-4">
            <ReportField
              label={t("textLabel")}
              hint={t("textHint", { min: REPORT_LIMITS.appealMin, max: REPORT_LIMITS.appeal })}
              problem={tooShort ? t("errors.tooShort", { min: REPORT_LIMITS.appealMin }) : undefined}
            >
              <Textarea name="text" rows={8} maxLength={REPORT_LIMITS.appeal} />
            </ReportField>
            <ReportSend refusal={refusal} pending={appeal.isPending} sending={t("sending")}>
              {t("send")}
            </ReportSend>
          </form>
        )}
      </Card>
    </ToolLayout>
  );
}
