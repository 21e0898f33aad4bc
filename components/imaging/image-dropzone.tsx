"use client";
// Drop or click to choose one image (spec §5): wrong type, too large, too small and too many files
// each get their own message; the file is read locally and shown at once. A tool that takes batches
// (`onImages`) also accepts several files: the acceptable ones go on, the first refusal is said. Built on the browser's
// file input and drag events: this sits on every tool's first screen, where a library would cost
// more than these few lines.
import { ImageUp } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { toast } from "@/components/ui/toaster";
import { cn } from "@/lib/cn";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The most files a batch takes at once. */
export const MAX_BATCH_FILES = 20;
export const TOOL_ACCEPT = { "image/png": [".png"], "image/jpeg": [".jpg", ".jpeg"], "image/gif": [".gif"], "image/webp": [".webp"] };
export const CONVERTER_ACCEPT = { ...TOOL_ACCEPT, "image/bmp": [".bmp"], "image/tiff": [".tif", ".tiff"] };

/** An `accept` map as a file input's accept attribute. */
export function acceptList(accept: Record<string, string[]>): string {
  return Object.entries(accept)
    .flatMap(([type, extensions]) => [type, ...extensions])
    .join(",");
}

export interface ImageDropzoneProps {
  onImage: (file: File) => void;
  /** Takes several files at once (a batch); without it, one file at a time. */
  onImages?: (files: File[]) => void;
  accept?: Record<string, string[]>;
  /** Null for no size limit (the converter, text overlay and flux removal state none). */
  maxSize?: number | null;
  hint?: string;
  disabled?: boolean;
  className?: string;
}

type Rejection = "wrongType" | "tooLarge" | "tooSmall" | "tooMany";

function accepts(file: File, accept: Record<string, string[]>): boolean {
  const name = file.name.toLowerCase();
  return Object.entries(accept).some(([type, extensions]) => file.type === type || extensions.some((extension) => name.endsWith(extension)));
}

function checkFile(file: File, accept: Record<string, string[]>, maxSize: number | null): Rejection | null {
  if (!accepts(file, accept)) return "wrongType";
  if (maxSize && file.size > maxSize) return "tooLarge";
  if (file.size < 1) return "tooSmall";
  return null;
}

/**
 * Checks chosen files against the accepted types and size: says the first refusal in a toast and
 * returns the acceptable files (none when several came where one is expected).
 */
export function useFileCheck(accept: Record<string, string[]>, maxSize: number | null) {
  const t = useTranslations("Imaging");
  return (files: File[], several: boolean): File[] => {
    const rejections = files.map((file) => checkFile(file, accept, maxSize));
    const accepted = files.filter((_, index) => rejections[index] === null);
    const rejection = files.length > 1 && !several ? "tooMany" : rejections.find((found) => found !== null);
    if (!rejection) return accepted;
    const key =
      rejection === "wrongType"
        ? accept["image/bmp"]
          ? "dropWrongTypeAny"
          : "dropWrongType"
        : rejection === "tooLarge"
          ? "dropTooLarge"
          : rejection === "tooMany"
            ? "dropTooMany"
            : "dropTooSmall";
    toast.error(t("dropErrorTitle"), { description: t(key) });
    return several ? accepted : [];
  };
}

export function ImageDropzone({ onImage, onImages, accept = TOOL_ACCEPT, maxSize = MAX_IMAGE_BYTES, hint, disabled, className }: ImageDropzoneProps) {
  const t = useTranslations("Imaging");
  const input = useRef<HTMLInputElement>(null);
  const [isDragActive, setDragActive] = useState(false);
  const checkFiles = useFileCheck(accept, maxSize);

  function take(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (disabled || files.length === 0) return;
    const accepted = checkFiles(files, Boolean(onImages));
    if (onImages && accepted.length > 1) onImages(accepted);
    else if (accepted[0]) onImage(accepted[0]);
  }

  function dragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    if (disabled) return;
    event.dataTransfer.dropEffect = "copy";
    setDragActive(true);
  }

  function keyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    if (!disabled) input.current?.click();
  }

  return (
    <div
      role="presentation"
      tabIndex={disabled ? -1 : 0}
      onClick={() => !disabled && input.current?.click()}
      onKeyDown={keyDown}
      onDragEnter={dragOver}
      onDragOver={dragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragActive(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setDragActive(false);
        take(event.dataTransfer.files);
      }}
      className={cn(
        "flex min-h-52 cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-6 text-center transition-colors",
        isDragActive ? "border-primary bg-primary/5" : "border-border hover:border-primary/60 hover:bg-muted/50",
        disabled && "pointer-events-none opacity-60",
        className,
      )}
      data-testid="image-dropzone"
    >
      <input
        ref={input}
        type="file"
        tabIndex={-1}
        className="sr-only"
        multiple={Boolean(onImages)}
        accept={acceptList(accept)}
        aria-label={t("dropLabel")}
        disabled={disabled}
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => {
          take(event.currentTarget.files);
          event.currentTarget.value = "";
        }}
      />
      <ImageUp aria-hidden className="text-primary size-10" />
      <p className="font-medium">{isDragActive ? t("dropActive") : t("dropIdle")}</p>
      <p className="text-muted-foreground text-sm">{hint ?? t("dropHint")}</p>
      {onImages && <p className="text-muted-foreground text-sm">{t("dropBatchHint", { max: MAX_BATCH_FILES })}</p>}
      <p className="text-muted-foreground text-xs" data-testid="location-note">
        {t("locationRemoved")}
      </p>
    </div>
  );
}
