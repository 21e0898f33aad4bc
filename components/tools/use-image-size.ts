"use client";
// The natural size of an image URL once it has loaded: tools that say what the result will be
// (upscale's output size, expand's frame, the product photo preview) read it from the chosen photo.
import { useEffect, useState } from "react";

export interface PixelSize {
  width: number;
  height: number;
}

export function useImageSize(url: string | null): PixelSize | null {
  const [size, setSize] = useState<{ url: string; width: number; height: number } | null>(null);
  useEffect(() => {
    if (!url) return;
    const image = new Image();
    image.onload = () => setSize({ url, width: image.naturalWidth, height: image.naturalHeight });
    image.src = url;
    return () => {
      image.onload = null;
    };
  }, [url]);
  return size && size.url === url ? { width: size.width, height: size.height } : null;
}
