"use client";
// Offers the editor's result to the Upscale tool, which loads it from our own file URL.
import { Maximize2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { Link } from "@/components/layout/intent-link";
import { buttonVariants } from "@/components/ui/button";

export function UpscaleLink({ url }: { url: string }) {
  const t = useTranslations("Editor");
  // Only stored results can be handed over; a data URL would not fit in an address.
  if (!url.startsWith("/api/files/")) return null;
  return (
    <Link href={`/upscale?image=${encodeURIComponent(url)}`} className={buttonVariants({ variant: "outline" })} data-testid="upscale-result">
      <Maximize2 aria-hidden />
      {t("upscaleResult")}
    </Link>
  );
}
