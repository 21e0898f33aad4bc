"use client";
// The Save Image dialog (spec §2, §4): loading, cannot-save (free and trial, with the upgrade),
// at-limit warning, ready, saving; a guest is asked to sign in. Used by the editor and every tool.
import { AlertTriangle, Lock, LogIn } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { useCurrentUser } from "@/components/auth/use-auth";
import { useErrorMessage } from "@/components/auth/use-error-message";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { Link } from "@/components/layout/intent-link";
import type { SavedImageTool } from "@/lib/validation/gallery";
import { defaultFilename, useSaveImage, useStorageInfo } from "./use-gallery";

export interface SaveImageDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  imageUrl: string;
  tool: SavedImageTool;
  originalPrompt?: string | null;
}

async function sizeOf(url: string): Promise<number | undefined> {
  try {
    return (await (await fetch(url, { credentials: "include" })).blob()).size;
  } catch {
    return undefined;
  }
}

function SaveImageBody({ open, onOpenChange, imageUrl, tool, originalPrompt }: SaveImageDialogProps) {
  const t = useTranslations("SaveDialog");
  const tc = useTranslations("Common");
  const id = useId();
  const describe = useErrorMessage();
  const { data: user } = useCurrentUser();
  const storage = useStorageInfo(open);
  const save = useSaveImage();
  // The dialog's content mounts when it opens, so each opening starts from a fresh default name.
  const [filename, setFilename] = useState(() => defaultFilename(tool));
  const [description, setDescription] = useState("");

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!filename.trim()) {
      toast.error(tc("error"), { description: t("filenameRequired") });
      return;
    }
    save.mutate(
      {
        imageUrl,
        tool,
        filename: filename.trim(),
        description: description.trim() || null,
        originalPrompt: originalPrompt ?? null,
        fileSize: await sizeOf(imageUrl),
      },
      {
        onSuccess: ({ deletedOldest }) => {
          onOpenChange(false);
          toast.success(t("savedTitle"), { description: deletedOldest ? t("savedOldestDeleted") : t("savedBody") });
        },
        onError: (error) => toast.error(t("failedTitle"), { description: describe(error) || t("failedBody") }),
      },
    );
  }

  const info = storage.data;
  const atLimit = info ? info.canSave && info.storageUsed >= info.storageLimit : false;
  let body;
  if (!user) {
    body = (
      <div className="grid gap-4 text-center">
        <LogIn aria-hidden className="text-primary mx-auto size-10" />
        <p className="font-semibold">{t("signInTitle")}</p>
        <p className="text-muted-foreground text-sm">{t("signInBody")}</p>
        <Button asChild>
          <Link href="/auth">{t("signIn")}</Link>
        </Button>
      </div>
    );
  } else if (storage.isPending) {
    body = (
      <div className="flex justify-center py-8">
        <Spinner aria-label={tc("loading")} className="size-6" />
      </div>
    );
  } else if (!info?.canSave) {
    body = (
      <div className="grid gap-4 text-center" data-testid="save-locked">
        <Lock aria-hidden className="mx-auto size-10 text-amber-500" />
        <p className="text-sm">{t("freeCannotSave")}</p>
        <Button asChild>
          <Link href="/subscription">{t("upgrade")}</Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <form onSubmit={submit} className="grid gap-4">
        {atLimit && (
          <div
            role="alert"
            className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          >
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            <p>{t("atLimit", { count: info.storageLimit })}</p>
          </div>
        )}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-filename`}>{t("filename")}</Label>
          <Input id={`${id}-filename`} value={filename} maxLength={120} onChange={(event) => setFilename(event.target.value)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-description`}>{t("description")}</Label>
          <Textarea
            id={`${id}-description`}
            value={description}
            maxLength={500}
            rows={3}
            placeholder={t("descriptionPlaceholder")}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <p className="text-muted-foreground text-xs">{t("usage", { used: info.storageUsed, limit: info.storageLimit })}</p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {tc("cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? (
              <>
                <Spinner />
                {t("saving")}
              </>
            ) : (
              t("save")
            )}
          </Button>
        </DialogFooter>
      </form>
    );
  }

  return body;
}

export function SaveImageDialog(props: SaveImageDialogProps) {
  const t = useTranslations("SaveDialog");
  const tc = useTranslations("Common");
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent closeLabel={tc("close")} title={t("title")} description={t("description_text")}>
        <SaveImageBody {...props} />
      </DialogContent>
    </Dialog>
  );
}
