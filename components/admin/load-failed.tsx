"use client";
// What a console screen says when its data did not load: that it failed, and the server's own words.
import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/auth/use-error-message";

export function LoadFailed({ error }: { error: unknown }) {
  const t = useTranslations("Admin");
  const describe = useErrorMessage();
  return (
    <p role="alert" className="text-destructive text-sm">
      {t("loadFailed")} {describe(error)}
    </p>
  );
}
