"use client";
// The full-screen zoom viewer (spec §4): scale 0.5–5 with the wheel (×1.1 / ×0.9) and buttons
// (×1.2 / ×0.8), reset, and closing on Escape, a click outside the image, or the close button.
import { Dialog as DialogPrimitive } from "radix-ui";
import { Minus, Plus, RotateCcw, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type WheelEvent } from "react";
import { Button } from "@/components/ui/button";
import { zoomByWheel, zoomIn, zoomOut } from "@/lib/editor/zoom";

export function ZoomViewer({ src, alt, open, onOpenChange }: { src: string; alt: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations("Editor");
  const [scale, setScale] = useState(1);

  function change(open: boolean) {
    if (!open) setScale(1);
    onOpenChange(open);
  }

  return (
    <DialogPrimitive.Root open={open} onOpenChange={change}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/90" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 flex items-center justify-center overflow-hidden outline-none"
          onWheel={(event: WheelEvent) => setScale((value) => zoomByWheel(value, event.deltaY))}
          onPointerDown={(event) => {
            if (event.target === event.currentTarget) change(false);
          }}
          data-testid="zoom-viewer"
        >
          <DialogPrimitive.Title className="sr-only">{t("zoomTitle")}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">{t("zoomHelp")}</DialogPrimitive.Description>
          {/* eslint-disable-next-line @next/next/no-img-element -- our own result, shown at any scale */}
          <img
            src={src}
            alt={alt}
            className="max-h-[90dvh] max-w-[95vw] object-contain transition-transform"
            style={{ transform: `scale(${scale})` }}
            draggable={false}
          />
          <div className="absolute bottom-4 left-1/2 flex -translate-x-1/2 items-center gap-2 rounded-full bg-black/70 p-2 text-white">
            <Button size="icon" variant="ghost" className="text-white hover:bg-white/20" aria-label={t("zoomOut")} onClick={() => setScale(zoomOut)}>
              <Minus />
            </Button>
            <span className="min-w-14 text-center text-sm tabular-nums" data-testid="zoom-level">
              {Math.round(scale * 100)}%
            </span>
            <Button size="icon" variant="ghost" className="text-white hover:bg-white/20" aria-label={t("zoomIn")} onClick={() => setScale(zoomIn)}>
              <Plus />
            </Button>
            <Button size="icon" variant="ghost" className="text-white hover:bg-white/20" aria-label={t("zoomReset")} onClick={() => setScale(1)}>
              <RotateCcw />
            </Button>
          </div>
          <DialogPrimitive.Close asChild>
            <Button size="icon" variant="ghost" className="absolute right-4 top-4 text-white hover:bg-white/20" aria-label={t("zoomClose")}>
              <X />
            </Button>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
