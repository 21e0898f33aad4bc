"use client";
// Before and after: the result over the source, revealed up to a handle the user drags (pointer or
// keyboard), so a change can be judged at a glance.
import { useTranslations } from "next-intl";
import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { cn } from "@/lib/cn";

interface CompareSliderProps {
  before: string;
  after: string;
  alt: string;
  className?: string;
}

export function CompareSlider({ before, after, alt, className }: CompareSliderProps) {
  const t = useTranslations("Imaging");
  const box = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState(50);

  function moveTo(clientX: number) {
    const rect = box.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    setPosition(Math.min(100, Math.max(0, ((clientX - rect.left) / rect.width) * 100)));
  }

  function onPointer(event: PointerEvent<HTMLDivElement>) {
    if (event.type === "pointerdown") event.currentTarget.setPointerCapture(event.pointerId);
    if (event.type === "pointerdown" || event.buttons === 1) moveTo(event.clientX);
  }

  function onKey(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? 10 : 2;
    if (event.key === "ArrowLeft") setPosition((value) => Math.max(0, value - step));
    else if (event.key === "ArrowRight") setPosition((value) => Math.min(100, value + step));
    else return;
    event.preventDefault();
  }

  return (
    <div
      ref={box}
      className={cn(
        "relative touch-none select-none overflow-hidden rounded-lg bg-[repeating-conic-gradient(#e5e7eb_0%_25%,transparent_0%_50%)] bg-[length:16px_16px]",
        className,
      )}
      onPointerDown={onPointer}
      onPointerMove={onPointer}
      data-testid="compare-slider"
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- our own file or a local preview */}
      <img src={after} alt={alt} className="block h-auto max-h-[70dvh] w-full object-contain" draggable={false} />
      <div className="absolute inset-0" style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}>
        {/* eslint-disable-next-line @next/next/no-img-element -- the source beside its result */}
        <img src={before} alt="" className="block h-full w-full object-contain" draggable={false} />
      </div>
      <span className="absolute left-2 top-2 rounded bg-black/60 px-2 py-0.5 text-xs text-white">{t("before")}</span>
      <span className="absolute right-2 top-2 rounded bg-black/60 px-2 py-0.5 text-xs text-white">{t("after")}</span>
      <div
        role="slider"
        tabIndex={0}
        aria-label={t("compare")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(position)}
        onKeyDown={onKey}
        className="focus-visible:ring-ring absolute inset-y-0 w-1 -translate-x-1/2 cursor-ew-resize bg-white shadow outline-none focus-visible:ring-2"
        style={{ left: `${position}%` }}
      >
        <span className="absolute left-1/2 top-1/2 size-8 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-black/50" />
      </div>
    </div>
  );
}
