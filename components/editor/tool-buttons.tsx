"use client";
// The tool shortcuts above the editor (spec §2, and Upscale).
import { Eraser, Maximize2, Palette, Scissors, Type } from "lucide-react";
import { useTranslations } from "next-intl";
import { Link } from "@/components/layout/intent-link";

const TOOLS = [
  { href: "/background-removal", icon: Eraser, key: "toolBackground" },
  { href: "/object-removal", icon: Scissors, key: "toolObject" },
  { href: "/cartoon-style", icon: Palette, key: "toolCartoon" },
  { href: "/text-overlay", icon: Type, key: "toolText" },
  { href: "/upscale", icon: Maximize2, key: "toolUpscale" },
] as const;

export function ToolButtons() {
  const t = useTranslations("Editor");
  return (
    <nav aria-label={t("toolsLabel")} className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
      {TOOLS.map(({ href, icon: Icon, key }) => (
        <Link
          key={href}
          href={href}
          className="hover:border-primary hover:bg-primary/5 flex items-center gap-2 rounded-lg border p-3 text-sm font-medium transition-colors"
        >
          <Icon aria-hidden className="text-primary size-5 shrink-0" />
          {t(key)}
        </Link>
      ))}
    </nav>
  );
}
