"use client";
// "Check Content Credentials" under a result: opens /verify, in the page's language, in a new tab so
// the result stays where it is. Every result Pictura stores is signed, so anyone can check it there.
import { ShieldCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { Link } from "@/components/layout/intent-link";

export function CheckCredentialsLink() {
  const t = useTranslations("Imaging");
  return (
    <Link
      href="/verify"
      target="_blank"
      className="text-muted-foreground hover:text-foreground flex w-fit items-center gap-1 text-sm font-medium underline-offset-4 hover:underline"
      data-testid="check-credentials"
    >
      <ShieldCheck aria-hidden className="size-4" />
      {t("checkCredentials")}
    </Link>
  );
}
