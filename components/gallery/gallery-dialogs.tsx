"use client";
// The gallery's larger view of a saved image and its delete confirm, loaded when one opens.
import { Download } from "lucide-react";
import { useTranslations } from "next-intl";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { SavedImageView } from "@/lib/validation/gallery";
import { downloadName } from "./download-name";

export function ImageViewDialog({ image, onClose }: { image: SavedImageView; onClose: () => void }) {
  const t = useTranslations("Gallery");
  const tc = useTranslations("Common");
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={tc("close")} className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{image.filename}</DialogTitle>
          <DialogDescription>{image.originalPrompt ?? image.description ?? ""}</DialogDescription>
        </DialogHeader>
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
    <AlertDialog open onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("deleteTitle")}</AlertDialogTitle>
          <AlertDialogDescription>{t("deleteBody", { name: image.filename })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{tc("cancel")}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{t("delete")}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
