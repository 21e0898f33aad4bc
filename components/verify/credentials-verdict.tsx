"use client";
// What an image's Content Credentials say, in words: a headline verdict (made or changed with AI,
// none, or changed since it was signed), then the signer and when, the actions, what it was made
// from, the signature's state and the IPTC label. The report is /api/verify's.
import { BadgeCheck, FileQuestion, ShieldAlert, ShieldCheck } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { IPTC_SOURCE_TYPE_PREFIX, type CredentialsReport } from "@/lib/provenance/verify-report";

/** The C2PA actions the page names in words (c2pa.<name>); any other is shown by its name. */
const KNOWN_ACTIONS = [
  "created",
  "opened",
  "edited",
  "converted",
  "placed",
  "cropped",
  "resized",
  "filtered",
  "color_adjustments",
  "drawing",
  "removed",
  "published",
  "transcoded",
] as const;
/** The IPTC digital source types the page names in words; any other is shown by its name. */
const KNOWN_SOURCES = [
  "trainedAlgorithmicMedia",
  "compositeWithTrainedAlgorithmicMedia",
  "algorithmicMedia",
  "compositeSynthetic",
  "algorithmicallyEnhanced",
  "digitalCapture",
  "composite",
] as const;

type Headline = "aiMade" | "aiChanged" | "found" | "none" | "changed" | "invalid";

function headlineOf(report: CredentialsReport): Headline {
  if (!report.hasCredentials) return "none";
  if (report.validation?.changedSinceSigned) return "changed";
  if (report.validation?.state === "invalid") return "invalid";
  return report.ai === "made" ? "aiMade" : report.ai === "changed" ? "aiChanged" : "found";
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-muted-foreground text-sm font-medium">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export function CredentialsVerdict({ report }: { report: CredentialsReport }) {
  const t = useTranslations("Verify");
  const format = useFormatter();
  const headline = headlineOf(report);
  const good = headline === "aiMade" || headline === "aiChanged" || headline === "found";
  const Icon = good ? ShieldCheck : headline === "none" ? FileQuestion : ShieldAlert;

  const sourceName = (type: string | null) => {
    if (!type) return null;
    const name = type.startsWith(IPTC_SOURCE_TYPE_PREFIX) ? type.slice(IPTC_SOURCE_TYPE_PREFIX.length) : type;
    return (KNOWN_SOURCES as readonly string[]).includes(name) ? t(`sources.${name as (typeof KNOWN_SOURCES)[number]}`) : name;
  };
  const actionName = (action: string) => {
    const name = action.replace(/^c2pa\./, "");
    return (KNOWN_ACTIONS as readonly string[]).includes(name) ? t(`actions.${name as (typeof KNOWN_ACTIONS)[number]}`) : action;
  };

  return (
    <Card data-testid="credentials-verdict" data-verdict={headline}>
      <CardHeader>
        <CardTitle className="flex items-start gap-2 text-xl">
          <Icon aria-hidden className={good ? "text-success mt-0.5 size-6 shrink-0" : "text-destructive mt-0.5 size-6 shrink-0"} />
          <h2>{t(`headline.${headline}`)}</h2>
        </CardTitle>
        <CardDescription>{t(`headlineBody.${headline}`)}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4">
          {report.hasCredentials && (
            <>
              <Fact label={t("signedBy")}>
                {report.signer ? (
                  <div className="grid gap-1">
                    <span className="flex flex-wrap items-center gap-2 font-medium">
                      {report.signer.subject ?? t("unknown")}
                      <Badge variant={report.signer.trusted ? "success" : "outline"}>
                        {report.signer.trusted && <BadgeCheck aria-hidden />}
                        {report.signer.trusted ? t("trusted") : t("untrusted")}
                      </Badge>
                    </span>
                    {report.signer.issuer && <span className="text-sm">{t("issuedBy", { issuer: report.signer.issuer })}</span>}
                    <span className="text-muted-foreground text-sm">
                      {report.signer.installationRoot ? t("installationNote") : report.signer.trusted ? null : t("unknownIssuerNote")}
                    </span>
                  </div>
                ) : (
                  t("unknown")
                )}
              </Fact>
              <Fact label={t("signedAt")}>
                {report.signedAt ? format.dateTime(new Date(report.signedAt), { dateStyle: "medium", timeStyle: "short" }) : t("notTimeStamped")}
              </Fact>
              {(report.softwareAgents.length > 0 || report.claimGenerator) && (
                <Fact label={t("software")}>{[...report.softwareAgents, ...(report.claimGenerator ? [report.claimGenerator] : [])].join(", ")}</Fact>
              )}
              <Fact label={t("ai")}>{t(`aiVerdict.${report.ai}`)}</Fact>
              <Fact label={t("actionsTitle")}>
                {report.actions.length > 0 ? (
                  <ol className="grid list-decimal gap-1 pl-5">
                    {report.actions.map((action, index) => (
                      <li key={index}>
                        {actionName(action.action)}
                        {action.digitalSourceType && <span className="text-muted-foreground"> — {sourceName(action.digitalSourceType)}</span>}
                      </li>
                    ))}
                  </ol>
                ) : (
                  t("none")
                )}
              </Fact>
              {report.ingredients.length > 0 && (
                <Fact label={t("ingredientsTitle")}>
                  <ul className="grid gap-1">
                    {report.ingredients.map((ingredient, index) => (
                      <li key={index}>
                        {ingredient.title ?? t("untitled")}
                        {ingredient.hasCredentials && <span className="text-muted-foreground"> — {t("ingredientCredentials")}</span>}
                      </li>
                    ))}
                  </ul>
                </Fact>
              )}
              <Fact label={t("signature")}>
                {report.validation?.state === "invalid" ? (
                  <div className="grid gap-1">
                    <span className="text-destructive font-medium">{report.validation.changedSinceSigned ? t("changedSinceSigned") : t("invalid")}</span>
                    <ul className="text-muted-foreground text-sm">
                      {report.validation.failures.map((failure) => (
                        <li key={failure.code}>
                          <code className="break-all">{failure.code}</code>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : (
                  t("valid")
                )}
              </Fact>
            </>
          )}
          <Fact label={t("iptcLabel")}>{sourceName(report.iptcDigitalSourceType) ?? t("none")}</Fact>
          <Fact label={t("file")}>
            {t("fileFacts", { format: report.format.replace(/^image\//, "").toUpperCase(), width: report.width, height: report.height })}
          </Fact>
        </dl>
      </CardContent>
    </Card>
  );
}
