"use client";
// An image preview that gives way to a fallback when the browser cannot decode the format (TIFF in
// most browsers, BMP in some), instead of showing a broken-image icon.
import { useState, type ReactNode } from "react";
import { cn } from "@/lib/cn";

interface PreviewImageProps {
  src: string;
  alt: string;
  fallback: ReactNode;
  className?: string;
  testId?: string;
  onBroken?: () => void;
}

/** Give it `key={src}` so a new image gets a fresh chance to load. */
export function PreviewImage({ src, alt, fallback, className, testId, onBroken }: PreviewImageProps) {
  const [broken, setBroken] = useState(false);
  if (broken) return <>{fallback}</>;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a local object URL or our own file, in a format the optimizer may not take
    <img
      src={src}
      alt={alt}
      onError={() => {
        setBroken(true);
        onBroken?.();
      }}
      data-testid={testId}
      className={cn("block h-auto max-h-[60dvh] w-auto max-w-full rounded-lg object-contain", className)}
    />
  );
}
