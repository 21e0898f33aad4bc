"use client";
// The image area of an AI tool: the dropzone until an image is chosen, then its preview (dimmed
// with a spinner while the tool works), then the before/after slider with the result's actions.
import { RefreshCw } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { CompareSlider } from "@/components/imaging/compare-slider";
import { ImageDropzone, type ImageDropzoneProps } from "@/components/imaging/image-dropzone";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";

export interface LocalImage {
  file: File;
  /** An object URL for previews; revoked when the image is replaced or the screen closes. */
  url: string;
}

/** The image the user picked, with a preview URL that lives exactly as long as it is shown. */
export function useLocalImage(): [LocalImage | null, (file: File | null) => void] {
  const [image, setImage] = useState<LocalImage | null>(null);
  const url = image?.url;
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  const choose = (file: File | null) => setImage(file ? { file, url: URL.createObjectURL(file) } : null);
  return [image, choose];
}

/**
 * Brings a new result into view: on a phone the options sit below the image, so the result would
 * otherwise appear above the fold while the user is looking at the button they pressed.
 */
export function useRevealOnResult<T extends HTMLElement>(resultUrl: string | null | undefined): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (resultUrl) ref.current?.scrollIntoView?.({ behavior: "smooth", block: "nearest" });
  }, [resultUrl]);
  return ref;
}

/** The dropzone a tool shows until an image is chosen, as tall as the stage that takes its place. */
export function ToolDropzone(props: Omit<ImageDropzoneProps, "className">) {
  return <ImageDropzone {...props} className="min-h-72 bg-card sm:min-h-96" />;
}

export interface ImageStageLabels {
  previewAlt: string;
  resultAlt: string;
  /** "Upload Different Image". */
  change: string;
  resultTitle: string;
  /** Said when the result appears, e.g. how to use the slider. */
  resultHint: string;
}

interface ImageStageProps {
  image: LocalImage | null;
  resultUrl: string | null;
  busy: boolean;
  busyText: string;
  onImage: (file: File) => void;
  /** Several files dropped at once (tools that take batches). */
  onImages?: (files: File[]) => void;
  onReset: () => void;
  labels: ImageStageLabels;
  /** Save and Download for the result. */
  actions?: ReactNode;
  accept?: Record<string, string[]>;
  maxSize?: number | null;
  hint?: string;
}

export function ImageStage({ image, resultUrl, busy, busyText, onImage, onImages, onReset, labels, actions, accept, maxSize, hint }: ImageStageProps) {
  const stage = useRevealOnResult<HTMLDivElement>(resultUrl);
  if (!image) {
    return <ToolDropzone onImage={onImage} onImages={onImages} accept={accept} maxSize={maxSize} hint={hint} disabled={busy} />;
  }
  return (
    <Card ref={stage} className="grid scroll-mt-20 gap-4 p-3 sm:p-4" data-testid="image-stage">
      {resultUrl && <h2 className="px-1 text-lg font-semibold">{labels.resultTitle}</h2>}
      <div className="relative">
        {resultUrl ? (
          <CompareSlider before={image.url} after={resultUrl} alt={labels.resultAlt} />
        ) : (
          <div className="bg-muted/40 flex justify-center rounded-lg">
            {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL the optimizer cannot fetch */}
            <img
              src={image.url}
              alt={labels.previewAlt}
              className="block h-auto max-h-[60dvh] w-auto max-w-full rounded-lg object-contain"
              data-testid="upload-preview"
            />
          </div>
        )}
        {busy && (
          // The button already announces the work; this overlay is for the eyes.
          <div aria-hidden className="bg-background/70 absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-lg backdrop-blur-[2px]">
            <Spinner className="text-primary size-8" />
            <p className="px-4 text-center text-sm font-medium">{busyText}</p>
          </div>
        )}
      </div>
      <p role="status" className={resultUrl ? "text-muted-foreground px-1 text-sm" : "sr-only"}>
        {resultUrl ? labels.resultHint : ""}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>{resultUrl && actions}</div>
        <Button variant="outline" onClick={onReset} disabled={busy}>
          <RefreshCw aria-hidden />
          {labels.change}
        </Button>
      </div>
    </Card>
  );
}
