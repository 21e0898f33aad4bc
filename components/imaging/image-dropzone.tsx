"use client";
// Drop or click to choose one image (spec §5): wrong type, too large, too small and too many files
// each get their own message; the file is read locally and shown at once.
import { ImageUp } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { ErrorCode, useDropzone, type FileRejection } from "react-dropzone";
import { toast } from "@/components/ui/toaster";
import { cn } from "@/lib/cn";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const TOOL_ACCEPT = { "image/png": [".png"], "image/jpeg": [".jpg", ".jpeg"], "image/gif": [".gif"], "image/webp": [".webp"] };
export const CONVERTER_ACCEPT = { ...TOOL_ACCEPT, "image/bmp": [".bmp"], "image/tiff": [".tif", ".tiff"] };

export interface ImageDropzoneProps {
  onImage: (file: File) => void;
  accept?: Record<string, string[]>;
  /** Null for no size limit (the converter, text overlay and flux removal state none). */
  maxSize?: number | null;
  hint?: string;
  disabled?: boolean;
  className?: string;
}

export function ImageDropzone({ onImage, accept = TOOL_ACCEPT, maxSize = MAX_IMAGE_BYTES, hint, disabled, className }: ImageDropzoneProps) {
  const t = useTranslations("Imaging");
  const onDrop = useCallback(
    (accepted: File[], rejected: FileRejection[]) => {
      const code = rejected[0]?.errors[0]?.code;
      if (code) {
        const key =
          code === ErrorCode.FileInvalidType ? (accept["image/bmp"] ? "dropWrongTypeAny" : "dropWrongType") : code === ErrorCode.FileTooLarge ? "dropTooLarge" : code === ErrorCode.TooManyFiles ? "dropTooMany" : code === ErrorCode.FileTooSmall ? "dropTooSmall" : "dropFailed";
        toast.error(t("dropErrorTitle"), { description: t(key) });
        return;
      }
      if (accepted[0]) onImage(accepted[0]);
    },
    [accept, onImage, t],
  );
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop,
    accept,
    maxFiles: 1,
    multiple: false,
    minSize: 1,
    ...(maxSize ? { maxSize } : {}),
    disabled,
  });
  return (
    <div
      {...getRootProps({
        className: cn(
          "flex min-h-52 cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-6 text-center transition-colors",
          isDragActive ? "border-primary bg-primary/5" : "border-border hover:border-primary/60 hover:bg-muted/50",
          disabled && "pointer-events-none opacity-60",
          className,
        ),
      })}
      data-testid="image-dropzone"
    >
      <input {...getInputProps({ "aria-label": t("dropLabel") })} />
      <ImageUp aria-hidden className="text-primary size-10" />
      <p className="font-medium">{isDragActive ? t("dropActive") : t("dropIdle")}</p>
      <p className="text-muted-foreground text-sm">{hint ?? t("dropHint")}</p>
    </div>
  );
}
