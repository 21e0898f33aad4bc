"use client";
// The gallery's dialogs, loaded when one opens: the larger view of a saved image, its delete confirm,
// and the Gallery Feature Locked notice for free and trial users.
import { Download } from "lucide-react";
import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { Link } from "@/components/layout/intent-link";
import type { SavedImageView } from "@/lib/validation/gallery";
import { downloadName } from "./download-name";

export function ImageViewDialog({ image, onClose }: { image: SavedImageView; onClose: () => void }) {
  const t = useTranslations("Gallery");
  const tc = useTranslations("Common");
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={tc("close")} className="sm:max-w-4xl" title={image.filename} description={image.originalPrompt ?? image.description ?? ""}>
        {/* eslint-disable-next-line @next/next/no-img-element -- full-size view of our own file */}
        <img src={image.imageUrl} alt={image.originalPrompt ?? image.filename} className="max-h-[70dvh] w-full rounded-md object-contain" />
        <DialogFooter>
          <Button asChild>
            <a href={image.imageUrl} download={downloadName(image)}>
              <Download aria-hidden />
              {t("download")}
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function DeleteImageDialog({ image, onCancel, onConfirm }: { image: SavedImageView; onCancel: () => void; onConfirm: () => void }) {
  const t = useTranslations("Gallery");
  const tc = useTranslations("Common");
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={t("deleteTitle")}
      description={t("deleteBody", { name: image.filename })}
      cancelLabel={tc("cancel")}
      confirmLabel={t("delete")}
      onConfirm={onConfirm}
    />
  );
}

export function LockedDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("Gallery");
  const tc = useTranslations("Common");
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={tc("close")} title={t("lockedTitle")} description={t("lockedBody")}>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t("maybeLater")}
          </Button>
          <Button asChild>
            <Link href="/subscription">{t("upgrade")}</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
