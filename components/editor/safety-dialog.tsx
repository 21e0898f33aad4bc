"use client";
// Offers the safer wording of a prompt (spec §5) before it is sent; the user chooses.
import { useTranslations } from "next-intl";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogFooter } from "@/components/ui/alert-dialog";
import type { SafetyRewrite } from "@/lib/imaging/safety";

interface SafetyDialogProps {
  rewrite: SafetyRewrite | null;
  onAccept: (prompt: string) => void;
  onKeep: (prompt: string) => void;
}

export function SafetyDialog({ rewrite, onAccept, onKeep }: SafetyDialogProps) {
  const t = useTranslations("Editor");
  return (
    <AlertDialog open={Boolean(rewrite)}>
      <AlertDialogContent data-testid="safety-dialog" title={t("safetyTitle")} description={t("safetyBody")}>
        {rewrite && (
          <div className="grid gap-2 text-sm">
            <p className="text-muted-foreground line-through">{rewrite.original}</p>
            <p className="bg-muted rounded-md p-3 font-medium">{rewrite.suggestion}</p>
          </div>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => rewrite && onKeep(rewrite.original)}>{t("safetyKeep")}</AlertDialogCancel>
          <AlertDialogAction onClick={() => rewrite && onAccept(rewrite.suggestion)}>{t("safetyAccept")}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
