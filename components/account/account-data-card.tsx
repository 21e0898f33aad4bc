"use client";
// "Your data" on the account page: download everything as a ZIP, or delete the account.
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DeleteAccountDialog } from "./delete-account-dialog";
import { EXPORT_URL } from "./use-account-data";

export function AccountDataCard() {
  const t = useTranslations("AccountData");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("body")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          {/* A plain link: the browser saves the streamed ZIP itself, however large. */}
          <a href={EXPORT_URL} data-testid="download-data">
            {t("download")}
          </a>
        </Button>
        <DeleteAccountDialog />
      </CardContent>
    </Card>
  );
}
