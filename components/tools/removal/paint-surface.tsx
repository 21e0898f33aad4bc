"use client";
// The photo with a canvas over it to paint on (mouse, touch and pen alike through pointer events),
// shared by the two removal tools. It records strokes in display pixels and redraws them
// at whatever size the photo is shown; the mask itself is built from the strokes, never from here.
// In select mode a tap (a press that barely moves) reports its place in the photo's own pixels
// instead, and the tap selection's preview is shown under the strokes.
import { useEffect, useRef, useState, type Dispatch, type PointerEvent, type RefObject } from "react";
import { Spinner } from "@/components/ui/spinner";
import { useShownSize } from "@/components/tools/use-shown-size";
import { context2d } from "@/lib/canvas/context";
import { cn } from "@/lib/cn";
import { strokeToDisplay, type Point, type Size, type Stroke } from "@/lib/masks/paint";
import type { PaintAction, PointerSample } from "@/lib/masks/strokes";

interface PaintSurfaceProps {
  imageUrl: string;
  imageAlt: string;
  /** What the canvas is for, read out by screen readers. */
  canvasLabel: string;
  strokes: Stroke[];
  dispatch: Dispatch<PaintAction>;
  /** Off: the canvas lets pointers through, so a phone can scroll past the photo. */
  painting: boolean;
  /** Brush diameter in display pixels. */
  brush: number;
  /** Painted opaque; the canvas itself is translucent so overlapping strokes do not darken. */
  colour: string;
  opacity: number;
  onNaturalSize: (size: Size) => void;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  disabled?: boolean;
  /** Select mode: taps are reported through `onTap` and nothing is painted. */
  selecting?: boolean;
  /** A tap in the photo's pixels; `subtract` when Alt or Shift was held. */
  onTap?: (point: Point, subtract: boolean) => void;
  /** The tap selection's preview, an image the photo's shape. */
  overlayUrl?: string | null;
  overlayAlt?: string;
  /** A tap is being answered. */
  selectBusy?: boolean;
  selectBusyLabel?: string;
}

/** How far (in CSS pixels) a press may move and still count as a tap. */
const TAP_SLOP = 10;

/** The fields the brush reads, copied now: the reducer runs later, during React's render. */
function sampleOf(event: PointerEvent): PointerSample {
  return { pointerId: event.pointerId, pointerType: event.pointerType, isPrimary: event.isPrimary, clientX: event.clientX, clientY: event.clientY };
}

function drawStrokes(canvas: HTMLCanvasElement, strokes: Stroke[], display: Size, colour: string): void {
  const context = context2d(canvas);
  // No 2D canvas (very old browsers, tests): painting still records strokes, it just is not shown.
  if (!context) return;
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(display.width * ratio);
  canvas.height = Math.round(display.height * ratio);
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, display.width, display.height);
  context.fillStyle = colour;
  context.strokeStyle = colour;
  context.lineCap = "round";
  context.lineJoin = "round";
  for (const original of strokes) {
    const stroke = strokeToDisplay(original, display);
    const [first, ...rest] = stroke.points;
    if (!first) continue;
    if (rest.length === 0) {
      context.beginPath();
      context.arc(first.x, first.y, stroke.width / 2, 0, Math.PI * 2);
      context.fill();
      continue;
    }
    context.lineWidth = stroke.width;
    context.beginPath();
    context.moveTo(first.x, first.y);
    for (const point of rest) context.lineTo(point.x, point.y);
    context.stroke();
  }
}

export function PaintSurface({
  imageUrl,
  imageAlt,
  canvasLabel,
  strokes,
  dispatch,
  painting,
  brush,
  colour,
  opacity,
  onNaturalSize,
  canvasRef,
  disabled,
  selecting = false,
  onTap,
  overlayUrl,
  overlayAlt,
  selectBusy = false,
  selectBusyLabel,
}: PaintSurfaceProps) {
  const image = useRef<HTMLImageElement>(null);
  const press = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const [display, setDisplay] = useState<Size>({ width: 0, height: 0 });
  const [cursor, setCursor] = useState<{ x: number; y: number } | null>(null);

  useShownSize(image, setDisplay, imageUrl);

  useEffect(() => {
    if (canvasRef.current && display.width > 0) drawStrokes(canvasRef.current, strokes, display, colour);
  }, [canvasRef, strokes, display, colour]);

  const active = painting && !selecting && !disabled;
  const tapping = selecting && !disabled;

  function box(event: PointerEvent<HTMLCanvasElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    return { left: rect.left, top: rect.top, width: rect.width, height: rect.height };
  }

  /** Where the pointer is, in the photo's own pixels. */
  function imagePoint(event: PointerEvent<HTMLCanvasElement>): Point | null {
    const element = image.current;
    const rect = event.currentTarget.getBoundingClientRect();
    if (!element || rect.width <= 0 || rect.height <= 0 || !element.naturalWidth) return null;
    const x = ((event.clientX - rect.left) / rect.width) * element.naturalWidth;
    const y = ((event.clientY - rect.top) / rect.height) * element.naturalHeight;
    return { x: Math.min(element.naturalWidth - 1, Math.max(0, x)), y: Math.min(element.naturalHeight - 1, Math.max(0, y)) };
  }

  function onTapStart(event: PointerEvent<HTMLCanvasElement>) {
    if (!event.isPrimary || event.button > 0) return;
    event.preventDefault();
    press.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  }

  function onTapEnd(event: PointerEvent<HTMLCanvasElement>) {
    const start = press.current;
    press.current = null;
    if (!start || start.pointerId !== event.pointerId || event.type !== "pointerup") return;
    if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > TAP_SLOP) return;
    const point = imagePoint(event);
    if (point) onTap?.(point, event.altKey || event.shiftKey);
  }

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    if (tapping) return onTapStart(event);
    if (!active) return;
    event.preventDefault();
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer that is already gone cannot be captured; the stroke still starts.
    }
    dispatch({ type: "down", sample: sampleOf(event), box: box(event), brush });
  }

  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    if (!active) return;
    const rect = box(event);
    if (event.pointerType !== "touch") setCursor({ x: event.clientX - rect.left, y: event.clientY - rect.top });
    dispatch({ type: "move", sample: sampleOf(event), box: rect });
  }

  function onPointerEnd(event: PointerEvent<HTMLCanvasElement>) {
    if (tapping) return onTapEnd(event);
    dispatch({ type: "up", sample: sampleOf(event) });
  }

  return (
    <div className="bg-muted/40 flex justify-center rounded-lg">
      <div className="relative inline-block max-w-full">
        {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL the optimizer cannot fetch */}
        <img
          ref={image}
          src={imageUrl}
          alt={imageAlt}
          draggable={false}
          data-testid="paint-image"
          className="block h-auto max-h-[65dvh] w-auto max-w-full select-none rounded-lg object-contain"
          onLoad={(event) => {
            const element = event.currentTarget;
            onNaturalSize({ width: element.naturalWidth, height: element.naturalHeight });
            setDisplay({ width: element.clientWidth, height: element.clientHeight });
          }}
        />
        {overlayUrl && (
          // eslint-disable-next-line @next/next/no-img-element -- a data URL made in the browser
          <img
            src={overlayUrl}
            alt={overlayAlt ?? ""}
            draggable={false}
            data-testid="selection-overlay"
            className="pointer-events-none absolute inset-0 size-full select-none rounded-lg"
          />
        )}
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={canvasLabel}
          data-testid="paint-canvas"
          className={cn(
            "absolute inset-0 size-full rounded-lg",
            active ? "cursor-none touch-none" : tapping ? "cursor-crosshair touch-none" : "pointer-events-none",
          )}
          style={{ opacity }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onLostPointerCapture={onPointerEnd}
          onPointerLeave={() => setCursor(null)}
        />
        {selectBusy && (
          <div
            role="status"
            data-testid="select-busy"
            className="bg-background/85 pointer-events-none absolute left-2 top-2 flex items-center gap-2 rounded-full px-3 py-1 text-xs font-medium shadow"
          >
            <Spinner aria-hidden className="text-primary size-4" />
            {selectBusyLabel}
          </div>
        )}
        {active && cursor && (
          <span
            aria-hidden
            className="pointer-events-none absolute rounded-full border-2 border-white shadow-[0_0_0_1px_rgba(0,0,0,0.6)]"
            style={{ width: brush, height: brush, left: cursor.x - brush / 2, top: cursor.y - brush / 2 }}
          />
        )}
      </div>
    </div>
  );
}
