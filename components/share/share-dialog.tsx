"use client";
// The Share dialog for a result or a gallery image: the owner picks a caption, whether the prompt is
// shown (where there is one), how long the link lives (7 days unless they choose) and whether search
// engines may find it; then gets the link to copy or hand to the system's share sheet. Loaded on the
// first click of Share, so no page carries it before.
import { Share2 } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { CopyTextButton } from "@/components/account/copy-text-button";
import { useErrorMessage } from "@/components/auth/use-error-message";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PendingButton } from "@/components/ui/pending-button";
import { SelectField } from "@/components/ui/select-field";
import { Switch } from "@/components/ui/switch";
import { SHARE_CAPTION_MAX, SHARE_EXPIRIES } from "@/lib/validation/limits";
import type { ShareExpiry, ShareView } from "@/lib/validation/shares";
import { useCreateShare } from "./use-shares";

export interface ShareDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The stored file to share: a result or a gallery image of the owner's. */
  fileId: string;
  /** The prompt it was made with, when it has one: only then may the owner choose to show it. */
  prompt: string | null;
}

function ToggleRow({ label, checked, onCheckedChange }: { label: string; checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <Label htmlFor={id}>{label}</Label>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} />
    </div>
  );
}

function ShareForm({
  fileId,
  prompt,
  onCreated,
  onCancel,
}: Omit<ShareDialogProps, "open" | "onOpenChange"> & { onCreated: (share: ShareView) => void; onCancel: () => void }) {
  const t = useTranslations("Imaging");
  const tc = useTranslations("Common");
  const describe = useErrorMessage();
  const create = useCreateShare();
  const [caption, setCaption] = useState("");
  const [showPrompt, setShowPrompt] = useState(false);
  const [expiresIn, setExpiresIn] = useState<ShareExpiry>("7d");
  const [indexable, setIndexable] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = caption.trim();
    create.mutate({ fileId, ...(trimmed ? { caption: trimmed } : {}), ...(prompt ? { showPrompt } : {}), expiresIn, indexable }, { onSuccess: onCreated });
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <FormField label={t("shareCaption")}>
        <Input value={caption} maxLength={SHARE_CAPTION_MAX} placeholder={t("shareCaptionPlaceholder")} onChange={(event) => setCaption(event.target.value)} />
      </FormField>
      {prompt && <ToggleRow label={t("shareShowPrompt")} checked={showPrompt} onCheckedChange={setShowPrompt} />}
      <SelectField
        label={t("shareExpiry")}
        value={expiresIn}
        onChange={setExpiresIn}
        options={SHARE_EXPIRIES.map((expiry) => ({ value: expiry, label: t(`shareExpiry_${expiry}`) }))}
      />
      <ToggleRow label={t("shareIndexable")} checked={indexable} onCheckedChange={setIndexable} />
      {create.isError && (
        <p role="alert" className="text-destructive text-sm">
          {t("shareFailed")} {describe(create.error)}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {tc("cancel")}
        </Button>
        <PendingButton type="submit" pending={create.isPending} pendingLabel={t("shareCreating")}>
          {t("shareCreate")}
        </PendingButton>
      </DialogFooter>
    </form>
  );
}

function ShareLink({ share, onDone }: { share: ShareView; onDone: () => void }) {
  const t = useTranslations("Imaging");
  const format = useFormatter();
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";
  return (
    <div className="grid gap-4" data-testid="share-link">
      <FormField label={t("shareLink")}>
        <Input readOnly value={share.url} onFocus={(event) => event.currentTarget.select()} />
      </FormField>
      <p className="text-muted-foreground text-sm">
        {share.expiresAt
          ? t("shareExpiresOn", { date: format.dateTime(new Date(share.expiresAt), { dateStyle: "medium", timeStyle: "short" }) })
          : t("shareNeverExpires")}
      </p>
      <div className="flex flex-wrap gap-2">
        <CopyTextButton
          text={share.url}
          label={t("shareCopy")}
          copiedLabel={t("shareCopied")}
          accessibleLabel={t("shareCopy")}
          failedMessage={t("shareCopyFailed")}
        />
        {canShare && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            // Closing the sheet without choosing is no error.
            onClick={() => void navigator.share({ url: share.url, ...(share.caption ? { text: share.caption } : {}) }).catch(() => undefined)}
          >
            <Share2 aria-hidden />
            {t("shareSystem")}
          </Button>
        )}
      </div>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          {t("shareDone")}
        </Button>
      </DialogFooter>
    </div>
  );
}

export function ShareDialog({ open, onOpenChange, fileId, prompt }: ShareDialogProps) {
  const t = useTranslations("Imaging");
  const tc = useTranslations("Common");
  const [created, setCreated] = useState<ShareView | null>(null);
  const changeOpen = (next: boolean) => {
    onOpenChange(next);
    // Opened again, it offers a new link.
    if (!next) setCreated(null);
  };
  const close = () => changeOpen(false);
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent closeLabel={tc("close")} title={t("shareTitle")} description={t("shareDescription")}>
        {created ? <ShareLink share={created} onDone={close} /> : <ShareForm fileId={fileId} prompt={prompt} onCreated={setCreated} onCancel={close} />}
      </DialogContent>
    </Dialog>
  );
}
