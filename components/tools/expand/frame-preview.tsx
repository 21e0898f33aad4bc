"use client";
// The new frame drawn over the photo before anything runs: the whole frame at its own aspect, the
// photo where it will sit, and the borders to be drawn hatched around it. Its proportions come from
// the same maths as the server's (lib/imaging/expand-frame.ts).
import { useTranslations } from "next-intl";
import { photoPlacement, type FrameSize } from "@/lib/imaging/expand-frame";
import type { Margins } from "@/lib/imaging/types";

interface FramePreviewProps {
  imageUrl: string;
  size: FrameSize;
  margins: Margins;
}

const HATCH = "bg-[repeating-linear-gradient(45deg,#e5e7eb_0_8px,#f8fafc_8px_16px)]";

export function FramePreview({ imageUrl, size, margins }: FramePreviewProps) {
  const t = useTranslations("Expand");
  const place = photoPlacement(size, margins);
  const frame = { width: size.width + margins.left + margins.right, height: size.height + margins.top + margins.bottom };
  const percent = (share: number) => `${(share * 100).toFixed(3)}%`;
  return (
    <figure className="grid gap-2">
      <div
        className={`relative mx-auto w-full max-w-xs overflow-hidden rounded-md border-2 border-dashed border-primary ${HATCH}`}
        style={{ aspectRatio: `${frame.width} / ${frame.height}` }}
        role="img"
        aria-label={t("framePreview")}
        data-testid="expand-frame"
        data-frame={`${frame.width}x${frame.height}`}
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- a local blob URL, not an optimisable asset */}
        <img
          src={imageUrl}
          alt=""
          className="absolute object-fill"
          style={{ left: percent(place.left), top: percent(place.top), width: percent(place.width), height: percent(place.height) }}
          data-testid="expand-frame-photo"
        />
      </div>
      <figcaption className="text-muted-foreground text-center text-xs" data-testid="expand-frame-size">
        {t("frameSize", frame)}
      </figcaption>
    </figure>
  );
}
