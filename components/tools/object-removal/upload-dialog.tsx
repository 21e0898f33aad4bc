"use client";
// The Object removal upload dialog (spec §2): opens first, says what a removal costs and what files
// are accepted, and closes as soon as a photo is chosen. On the light native dialog, since it shows
// on the tool's first screen.
import { useTranslations } from "next-intl";
import { ImageDropzone, MAX_IMAGE_BYTES, TOOL_ACCEPT } from "@/components/imaging/image-dropzone";
import { ModalDialog } from "@/components/ui/modal-dialog";

interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImage: (file: File) => void;
}

export function UploadDialog({ open, onOpenChange, onImage }: UploadDialogProps) {
  const t = useTranslations("ObjectRemoval");
  const tc = useTranslations("Common");
  return (
    <ModalDialog
      open={open}
      onClose={() => onOpenChange(false)}
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
    </ModalDialog>
  );
}
