"use client";
// What the upload card looks like before its drop-zone code has loaded.
import { ImageUp } from "lucide-react";
import { useTranslations } from "next-intl";

export function DropzonePlaceholder({ hint }: { hint?: string }) {
  const t = useTranslations("Imaging");
  return (
    <div className="border-border flex min-h-52 flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-6 text-center" aria-busy="true">
      <ImageUp aria-hidden className="text-primary size-10" />
      <p className="font-medium">{t("dropIdle")}</p>
      <p className="text-muted-foreground text-sm">{hint ?? t("dropHint")}</p>
    </div>
  );
}
