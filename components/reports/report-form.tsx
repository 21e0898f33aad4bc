"use client";
// The notice form (EU Digital Services Act, Art. 16): the address, a category, an explanation, the
// reporter's name and e-mail (optional for sexual content involving minors) and a statement of good
// faith. It checks each field before sending and shows each problem beside its field; a refusal
// from the server lands on the field it concerns. One column, so it fits a 320 px phone.
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useErrorMessage } from "@/components/auth/use-error-message";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api/client";
import { MINORS_CATEGORY, REPORT_CATEGORIES, REPORT_LIMITS } from "@/lib/reports/report-values";
import { isCategory, reportProblems, type ReportField as Field, type ReportProblems } from "./report-checks";
import { ReportField } from "./report-field";
import { ReportSend } from "./report-send";
import { useSubmitReport, type ReportReceipt } from "./use-reports";

/** Server refusals that belong to one field. */
const FIELD_OF_CODE: Record<string, Field> = {
  report_address_not_ours: "url",
  report_target_not_found: "url",
  reporter_contact_required: "name",
  good_faith_required: "goodFaith",
};

export function ReportForm({ initialUrl, onSent }: { initialUrl: string; onSent: (receipt: ReportReceipt) => void }) {
  const t = useTranslations("Report");
  const describe = useErrorMessage();
  const locale = useLocale();
  const submit = useSubmitReport();
  const form = useRef<HTMLFormElement>(null);
  const categorySelect = useRef<HTMLSelectElement>(null);
  const [category, setCategory] = useState("");
  // The select keeps its own value, so a category chosen before the page finished loading stays
  // chosen (a controlled select would be reset to "Choose…" as the page starts); read it then.
  useEffect(() => {
    if (categorySelect.current) setCategory(categorySelect.current.value);
  }, []);
  const [problems, setProblems] = useState<ReportProblems>({});
  const contactOptional = category === MINORS_CATEGORY;

  const serverError = submit.error instanceof ApiError ? submit.error : null;
  const serverField = serverError?.code ? FIELD_OF_CODE[serverError.code] : undefined;
  const problemOf = (field: Field) => {
    if (problems[field]) return t(`errors.${problems[field]}`, { min: REPORT_LIMITS.explanationMin });
    if (serverField === field) return t(`errors.${serverError!.code}`);
    return undefined;
  };
  const general = submit.isError && !serverField ? (serverError?.status === 429 ? t("errors.rateLimited") : describe(submit.error)) : null;

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "");
    const draft = {
      url: text("url"),
      category: text("category"),
      explanation: text("explanation"),
      name: text("name"),
      email: text("email"),
      goodFaith: data.get("goodFaith") === "on",
    };
    const found = reportProblems(draft);
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (!isCategory(draft.category)) return;
    submit.mutate(
      {
        url: draft.url.trim(),
        category: draft.category,
        explanation: draft.explanation.trim(),
        name: draft.name.trim() || undefined,
        email: draft.email.trim() || undefined,
        goodFaith: draft.goodFaith,
        locale,
      },
      { onSuccess: onSent },
    );
  };

  const optional = contactOptional ? t("optional") : undefined;
  return (
    <form ref={form} onSubmit={send} noValidate className="grid min-w-0 gap-5" data-testid="report-form">
      <ReportField label={t("urlLabel")} hint={t("urlHint")} problem={problemOf("url")}>
        <Input
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          defaultValue={initialUrl}
          maxLength={REPORT_LIMITS.address}
          placeholder={t("urlPlaceholder")}
        />
      </ReportField>
      <ReportField label={t("categoryLabel")} problem={problemOf("category")}>
        <NativeSelect ref={categorySelect} name="category" defaultValue="" onChange={(event) => setCategory(event.target.value)}>
          <option value="">{t("choose")}</option>
          {REPORT_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {t(`categories.${value}`)}
            </option>
          ))}
        </NativeSelect>
      </ReportField>
      <ReportField
        label={t("explanationLabel")}
        hint={t("explanationHint", { min: REPORT_LIMITS.explanationMin, max: REPORT_LIMITS.explanation })}
        problem={problemOf("explanation")}
      >
        <Textarea name="explanation" rows={6} maxLength={REPORT_LIMITS.explanation} />
      </ReportField>
      {contactOptional && <p className="bg-muted rounded-md p-3 text-sm">{t("minorsNotice")}</p>}
      <div className="grid min-w-0 gap-5 sm:grid-cols-2">
        <ReportField label={t("nameLabel")} aside={optional} problem={problemOf("name")}>
          <Input name="name" autoComplete="name" maxLength={REPORT_LIMITS.name} />
        </ReportField>
        <ReportField label={t("emailLabel")} aside={optional} problem={problemOf("email")}>
          <Input name="email" type="email" autoComplete="email" maxLength={REPORT_LIMITS.email} />
        </ReportField>
      </div>
      <GoodFaith label={t("goodFaithLabel")} problem={problemOf("goodFaith")} />
      <ReportSend refusal={general} pending={submit.isPending} sending={t("sending")}>
        {t("send")}
      </ReportSend>
      <p className="text-muted-foreground text-xs">{t("privacyNote")}</p>
    </form>
  );
}

function GoodFaith({ label, problem }: { label: string; problem?: string }) {
  return (
    <div className="grid gap-2">
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          name="goodFaith"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "report-good-faith-problem" : undefined}
          className="accent-primary mt-0.5 size-5 shrink-0"
        />
        <span>{label}</span>
      </label>
      {problem && (
        <p id="report-good-faith-problem" className="text-destructive text-sm">
          {problem}
        </p>
      )}
    </div>
  );
}
