"use client";
// Every console action goes through this dialog: it asks why (at least 10 characters, kept in the
// audit log), may hold the action's own fields (an amount, a category), and sends once. Each opening
// draws a fresh Idempotency-Key, so a double click or a retry after a lost answer acts once, while the
// next opening is a new action. The button is off while the call runs; a refusal shows the server's
// words in the dialog; a success refreshes every console list and closes it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useErrorMessage } from "@/components/auth/use-error-message";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { PendingButton } from "@/components/ui/pending-button";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { ADMIN_QUERY_KEY } from "./admin-request";

type Translate = ReturnType<typeof useTranslations<"Admin">>;
/** The console's actions whose dialog words are in the messages as `<action>Label`, `<action>Description` and `<action>Done`. */
export type WordedAction =
  | "grantCredits"
  | "deductCredits"
  | "grantPlan"
  | "endPlan"
  | "suspend"
  | "unsuspend"
  | "endSessions"
  | "resendMail"
  | "deleteAccount"
  | "rerun"
  | "refund"
  | "approve"
  | "remove"
  | "removeReport"
  | "dismissReport"
  | "suspendOwner"
  | "uphold"
  | "reverse";

/** The dialog's words for an action: its button, title and confirm button, what it does, what the toast says after. */
export function reasonWords(t: Translate, action: WordedAction): Pick<ReasonDialogProps, "trigger" | "title" | "confirm" | "description" | "done"> {
  return {
    trigger: t(`${action}Label`),
    title: t(`${action}Label`),
    confirm: t(`${action}Label`),
    description: t(`${action}Description`),
    done: t(`${action}Done`),
  };
}

/** As the server checks it (lib/admin/reason.ts). */
export const MIN_REASON_LENGTH = 10;

export interface ReasonDialogProps {
  /** The button that opens the dialog. */
  trigger: string;
  title: string;
  description: string;
  confirm: string;
  /** The toast after it worked. */
  done: string;
  variant?: ButtonProps["variant"];
  /** The action's own fields, above the reason; `ready` false keeps the confirm button off. */
  children?: ReactNode;
  ready?: boolean;
  /** Called each time the dialog opens, to empty the action's own fields. */
  onOpen?: () => void;
  send: (reason: string, idempotencyKey: string) => Promise<unknown>;
}

export function ReasonDialog({ trigger, title, description, confirm, done, variant = "outline", children, ready = true, onOpen, send }: ReasonDialogProps) {
  const t = useTranslations("Admin");
  const describe = useErrorMessage();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState("");
  const [reason, setReason] = useState("");
  const [tooShort, setTooShort] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const sending = useRef(false);
  const reasonId = useId();
  const action = useMutation({
    mutationFn: (input: { reason: string; key: string }) => send(input.reason, input.key),
    onSuccess: () => {
      toast.success(done);
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
    onError: (error) => setFailure(describe(error)),
    onSettled: () => (sending.current = false),
  });

  const openDialog = (next: boolean) => {
    if (next) {
      setKey(crypto.randomUUID());
      setReason("");
      setTooShort(false);
      setFailure(null);
      onOpen?.();
    }
    if (!action.isPending) setOpen(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length < MIN_REASON_LENGTH) return setTooShort(true);
    if (sending.current || !ready) return;
    sending.current = true;
    setFailure(null);
    action.mutate({ reason: trimmed, key });
  };

  return (
    <>
      <Button type="button" variant={variant} size="sm" onClick={() => openDialog(true)}>
        {trigger}
      </Button>
      <Dialog open={open} onOpenChange={openDialog}>
        <DialogContent title={title} description={description} closeLabel={t("close")}>
          <form className="grid gap-4" onSubmit={submit} noValidate>
            {children}
            <div className="grid gap-2">
              <Label htmlFor={reasonId}>{t("reasonLabel")}</Label>
              <Textarea
                id={reasonId}
                value={reason}
                maxLength={500}
                aria-invalid={tooShort || undefined}
                aria-describedby={`${reasonId}-hint`}
                onChange={(event) => {
                  setReason(event.target.value);
                  if (event.target.value.trim().length >= MIN_REASON_LENGTH) setTooShort(false);
                }}
              />
              <p id={`${reasonId}-hint`} className={tooShort ? "text-destructive text-sm" : "text-muted-foreground text-xs"}>
                {tooShort ? t("reasonTooShort", { min: MIN_REASON_LENGTH }) : t("reasonHint", { min: MIN_REASON_LENGTH })}
              </p>
            </div>
            {failure && (
              <p role="alert" className="text-destructive text-sm">
                {failure}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" disabled={action.isPending} onClick={() => openDialog(false)}>
                {t("cancel")}
              </Button>
              <PendingButton type="submit" variant={variant === "destructive" ? "destructive" : "default"} pending={action.isPending} disabled={!ready}>
                {confirm}
              </PendingButton>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
