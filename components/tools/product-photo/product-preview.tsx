"use client";
// The product photo before it is made: the canvas at the preset's aspect with its background, and
// the photo placed as the engine will place the product (productPlacement). Dragging the product, or
// the arrow keys on it, moves it; the screen's size slider scales it.
import { useTranslations } from "next-intl";
import { useRef, type KeyboardEvent, type PointerEvent } from "react";
import { BACKDROP_SWATCHES } from "@/components/tools/shared-backdrops";
import { cn } from "@/lib/cn";
import { productPlacement } from "@/lib/imaging/product-presets";
import { canvasOf, clampOffset, type ProductChoice } from "./product-choice";

interface ProductPreviewProps {
  imageUrl: string;
  /** The photo's own size: the preview places the whole photo, the engine its cut-out outline. */
  size: { width: number; height: number };
  choice: ProductChoice;
  onMove: (offsetX: number, offsetY: number) => void;
  disabled: boolean;
}

/** Percent moved by one press of an arrow key. */
const KEY_STEP = 1;
const KEY_MOVES: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export function ProductPreview({ imageUrl, size, choice, onMove, disabled }: ProductPreviewProps) {
  const t = useTranslations("ProductPhoto");
  const canvas = canvasOf(choice);
  const place = productPlacement(size, canvas, choice.margin, choice);
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; offsetX: number; offsetY: number } | null>(null);
  const background = choice.background;
  const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(3)}%`;

  function start(event: PointerEvent<HTMLImageElement>) {
    if (disabled) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, offsetX: choice.offsetX, offsetY: choice.offsetY };
  }

  function move(event: PointerEvent<HTMLImageElement>) {
    const from = drag.current;
    const bounds = box.current?.getBoundingClientRect();
    if (!from || !bounds || bounds.width === 0) return;
    onMove(
      clampOffset(from.offsetX + ((event.clientX - from.x) / bounds.width) * 100),
      clampOffset(from.offsetY + ((event.clientY - from.y) / bounds.height) * 100),
    );
  }

  function key(event: KeyboardEvent<HTMLImageElement>) {
    const step = KEY_MOVES[event.key];
    if (!step || disabled) return;
    event.preventDefault();
    onMove(clampOffset(choice.offsetX + step[0] * KEY_STEP), clampOffset(choice.offsetY + step[1] * KEY_STEP));
  }

  return (
    <figure className="grid gap-2">
      <div
        ref={box}
        className={cn(
          "relative mx-auto w-full max-w-xs touch-none overflow-hidden rounded-md border",
          background.kind === "backdrop" && BACKDROP_SWATCHES[background.backdrop].className,
        )}
        style={{
          aspectRatio: `${canvas.width} / ${canvas.height}`,
          backgroundColor: background.kind === "colour" ? background.colour : background.kind === "white" ? "#ffffff" : undefined,
        }}
        data-testid="product-preview"
        data-canvas={`${canvas.width}x${canvas.height}`}
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- a local blob URL, not an optimisable asset */}
        <img
          src={imageUrl}
          alt={t("moveHint")}
          draggable={false}
          tabIndex={disabled ? -1 : 0}
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
          onKeyDown={key}
          className="focus-visible:ring-ring absolute cursor-move object-fill outline-hidden select-none focus-visible:ring-2"
          style={{
            left: percent(place.left, canvas.width),
            top: percent(place.top, canvas.height),
            width: percent(place.width, canvas.width),
            height: percent(place.height, canvas.height),
          }}
          data-testid="product-preview-photo"
          data-place={`${place.left},${place.top},${place.width},${place.height}`}
        />
      </div>
      <figcaption className="text-muted-foreground text-center text-xs">
        {t("previewLabel", canvas)} · {t("moveHint")}
      </figcaption>
    </figure>
  );
}
