"use client";
// A picture on a console card: loaded from the console's own gated address (never optimised or
// cached), in a square box that stacks above the card's facts on a phone; a word in its place once
// there is none to show.
import { useTranslations } from "next-intl";

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
