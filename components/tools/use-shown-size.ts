"use client";
// The size an element is shown at, reported now and on every resize: the painting and text stages
// map pointer positions and boxes between that size and the photo's own.
import { useEffect, type RefObject } from "react";
import type { PixelSize } from "./use-image-size";

/** Calls `onSize` with the element's size; `key` measures afresh when what it shows changes (a new image). */
export function useShownSize(ref: RefObject<HTMLElement | null>, onSize: (size: PixelSize) => void, key?: unknown): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => onSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    // Without ResizeObserver (old browsers, tests) the first size is the only one.
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, onSize, key]);
}
