"use client";
// /report: anyone reports a shared image or a file address of Pictura. After sending, the form gives
// way to a confirmation with the report's reference, what happens next, and whether a receipt was
// mailed; focus moves to it so a screen reader hears it.
import { CheckCircle2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { ToolLayout } from "@/components/tools/tool-layout";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ReportForm } from "./report-form";
import type { ReportReceipt } from "./use-reports";

export function ReportScreen({ initialUrl }: { initialUrl: string }) {
  const t = useTranslations("Report");
  const [receipt, setReceipt] = useState<ReportReceipt | null>(null);
  const [round, setRound] = useState(0);
  return (
    <ToolLayout title={t("title")} description={t("description")}>
      <Card className="mx-auto w-full max-w-2xl min-w-0 p-4 sm:p-6">
        {receipt ? (
          <ReportSent
            receipt={receipt}
            onAnother={() => {
              setReceipt(null);
              setRound(round + 1);
            }}
          />
        ) : (
          <ReportForm key={round} initialUrl={round === 0 ? initialUrl : ""} onSent={setReceipt} />
        )}
      </Card>
    </ToolLayout>
  );
}

function ReportSent({ receipt, onAnother }: { receipt: ReportReceipt; onAnother: () => void }) {
  const t = useTranslations("Report");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid gap-4" data-testid="report-sent" role="status">
      <h2 ref={heading} tabIndex={-1} className="flex items-center gap-2 text-xl font-semibold outline-hidden">
        <CheckCircle2 aria-hidden className="text-primary size-6 shrink-0" />
        {t("sentTitle")}
      </h2>
      <p>{t("sentBody")}</p>
      <p className="text-sm">
        {t("sentReference")} <span className="font-mono break-all">{receipt.id}</span>
      </p>
      {receipt.hidden && <p className="text-sm">{t("sentHidden")}</p>}
      <p className="text-muted-foreground text-sm">{receipt.mailed ? t("sentMailed") : t("sentNotMailed")}</p>
      <Button variant="outline" className="w-full sm:w-fit" onClick={onAnother}>
        {t("another")}
      </Button>
    </div>
  );
}
