"use client";
// Each saved image's tool, with its icon and translated label (spec §3).
import { Aperture, Eraser, Expand, ImageIcon, Maximize2, Package, Palette, RefreshCw, Scissors, Sparkles, Type, Wand2, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { SavedImageTool } from "@/lib/validation/gallery";

export const TOOL_ICONS: Record<SavedImageTool, LucideIcon> = {
  text_to_image: Sparkles,
  ai_edit: Wand2,
  bg_removal: Eraser,
  object_removal: Scissors,
  text_overlay: Type,
  conversion: RefreshCw,
  cartoon_style: Palette,
  upscale: Maximize2,
  expand: Expand,
  blur_background: Aperture,
  product_photo: Package,
};

export function ToolLabel({ tool }: { tool: SavedImageTool }) {
  const t = useTranslations("Gallery");
  const Icon = TOOL_ICONS[tool] ?? ImageIcon;
  return (
    <span className="bg-secondary text-secondary-foreground inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium">
      <Icon aria-hidden className="size-3.5" />
      {t(`tool_${tool}`)}
    </span>
  );
}
