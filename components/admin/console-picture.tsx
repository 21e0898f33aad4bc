"use client";
// A picture on a console card: loaded from the console's own gated address (never optimised or
// cached), in a square box that stacks above the card's facts on a phone; a word in its place once
// there is none to show. PictureCard is such a card: the picture beside what a screen says of it.
import { useTranslations } from "next-intl";
import type { ComponentProps, ReactNode } from "react";

export function ConsolePicture({ src, alt }: { src: string | null; alt: string }) {
  const t = useTranslations("Admin");
  return (
    <div className="bg-muted flex aspect-square w-full max-w-40 items-center justify-center overflow-hidden rounded-md">
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element -- the console's gated address, never optimised or cached
        <img src={src} alt={alt} loading="lazy" className="size-full object-contain" />
      ) : (
        <span className="text-muted-foreground text-sm">{t("imageGone")}</span>
      )}
    </div>
  );
}

type PictureCardProps = Omit<ComponentProps<"li">, "className" | "children"> & { picture: { src: string | null; alt: string }; children: ReactNode };

/** One item of a console list about a picture; other props (a test id, data attributes) go to its `li`. */
export function PictureCard({ picture, children, ...item }: PictureCardProps) {
  return (
    <li {...item} className="border-border grid min-w-0 gap-4 rounded-lg border p-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
      <ConsolePicture src={picture.src} alt={picture.alt} />
      <div className="grid min-w-0 gap-3">{children}</div>
    </li>
  );
}
