"use client";
// Deleting the account: the button, and behind it the confirm (delete-account-confirm.tsx), whose
// code loads on the first press, so the account page starts without the dialog stack.
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";

const DeleteAccountConfirm = dynamic(() => import("./delete-account-confirm").then((module) => module.DeleteAccountConfirm), { ssr: false });

export function DeleteAccountDialog() {
  const t = useTranslations("AccountData");
  const [confirm, setConfirm] = useState({ open: false, used: false });
  return (
    <>
      <Button variant="ghost" className="text-destructive" onClick={() => setConfirm({ open: true, used: true })}>
        {t("deleteButton")}
      </Button>
      {confirm.used && <DeleteAccountConfirm open={confirm.open} onOpenChange={(open) => setConfirm({ open, used: true })} />}
    </>
  );
}
