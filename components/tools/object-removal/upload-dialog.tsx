"use client";
// The Object removal upload dialog (spec §2): opens first, says what a removal costs and what files
// are accepted, and closes as soon as a photo is chosen. It opens with the page, on the browser's own
// dialog (ui/first-screen-dialog.tsx).
import { useTranslations } from "next-intl";
import { ImageDropzone, MAX_IMAGE_BYTES, TOOL_ACCEPT } from "@/components/imaging/image-dropzone";
import { FirstScreenDialog } from "@/components/ui/first-screen-dialog";

interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImage: (file: File) => void;
}

export function UploadDialog({ open, onOpenChange, onImage }: UploadDialogProps) {
  const t = useTranslations("ObjectRemoval");
  const tc = useTranslations("Common");
  return (
    <FirstScreenDialog
      open={open}
      onOpenChange={onOpenChange}
      closeLabel={tc("close")}
      data-testid="object-removal-upload"
      title={t("uploadTitle")}
      description={t("uploadDescription")}
    >
      <p className="bg-secondary text-secondary-foreground w-fit rounded-full px-3 py-1 text-sm font-medium">{t("uploadCost")}</p>
      <ImageDropzone
        accept={TOOL_ACCEPT}
        maxSize={MAX_IMAGE_BYTES}
        hint={t("uploadHint")}
        onImage={(file) => {
          onImage(file);
          onOpenChange(false);
        }}
      />
    </FirstScreenDialog>
  );
}
