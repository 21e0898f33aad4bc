"use client";
// The recovery codes, shown this once right after two-step sign-in is turned on: to copy or download
// as a text file, until the person says they have saved them.
import { Download, LifeBuoy } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { CopyTextButton } from "./copy-text-button";

const FILE_NAME = "pictura-recovery-codes.txt";

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useTranslations("TwoFactor");
  const text = codes.join("\n");
  const file = `${t("fileHeading")}\n\n${text}\n`;
  return (
    <div role="status" className="border-primary/40 bg-primary/5 grid gap-3 rounded-md border p-4 hyphens-auto wrap-anywhere" data-testid="recovery-codes">
      <p className="flex items-center gap-2 font-medium">
        <LifeBuoy aria-hidden className="size-4 shrink-0" />
        {t("recoveryTitle")}
      </p>
      <p className="text-muted-foreground text-sm">{t("recoveryBody")}</p>
      {/* Two columns where a code fits whole in each, one on the narrowest phones. */}
      <ul
        className="bg-background grid grid-cols-[repeat(auto-fill,minmax(6.5rem,1fr))] gap-x-4 gap-y-1 rounded border px-3 py-2 font-mono text-sm"
        aria-label={t("recoveryListLabel")}
      >
        {codes.map((code) => (
          <li key={code} className="break-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyTextButton text={text} label={t("copyAll")} copiedLabel={t("copied")} accessibleLabel={t("copyAllLabel")} failedMessage={t("copyFailed")} />
        <Button asChild variant="outline" size="sm">
          <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`} download={FILE_NAME}>
            <Download aria-hidden />
            {t("download")}
          </a>
        </Button>
      </div>
      <Button type="button" size="sm" className="w-fit" onClick={onDone}>
        {t("saved")}
      </Button>
    </div>
  );
}
