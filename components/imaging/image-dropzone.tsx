"use client";
// Drop or click to choose one image (spec §5): wrong type, too large, too small and too many files
// each get their own message; the file is read locally and shown at once. Built on the browser's
// file input and drag events: this sits on every tool's first screen, where a library would cost
// more than these few lines.
import { ImageUp } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState, type DragEvent, type KeyboardEvent } from "react";
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

type Rejection = "wrongType" | "tooLarge" | "tooSmall" | "tooMany";

function accepts(file: File, accept: Record<string, string[]>): boolean {
  const name = file.name.toLowerCase();
  return Object.entries(accept).some(([type, extensions]) => file.type === type || extensions.some((extension) => name.endsWith(extension)));
}

function check(files: File[], accept: Record<string, string[]>, maxSize: number | null): Rejection | null {
  if (files.length > 1) return "tooMany";
  const file = files[0];
  if (!file) return null;
  if (!accepts(file, accept)) return "wrongType";
  if (maxSize && file.size > maxSize) return "tooLarge";
  if (file.size < 1) return "tooSmall";
  return null;
}

export function ImageDropzone({ onImage, accept = TOOL_ACCEPT, maxSize = MAX_IMAGE_BYTES, hint, disabled, className }: ImageDropzoneProps) {
  const t = useTranslations("Imaging");
  const input = useRef<HTMLInputElement>(null);
  const [isDragActive, setDragActive] = useState(false);

  function take(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (disabled || files.length === 0) return;
    const rejection = check(files, accept, maxSize);
    if (rejection) {
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
      return;
    }
    onImage(files[0]!);
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
        accept={Object.entries(accept)
          .flatMap(([type, extensions]) => [type, ...extensions])
          .join(",")}
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
    </div>
  );
}
