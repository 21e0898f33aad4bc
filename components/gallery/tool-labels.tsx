"use client";
// Each saved image's tool, with its icon and translated label (spec §3); the icon is the tool
// registry's (lib/tools/registry.ts) for the tool that files results under that name.
import { ImageIcon, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { TOOL_ICONS } from "@/components/tools/tool-icons";
import { galleryIconsOf } from "@/lib/tools/results";
import type { SavedImageTool } from "@/lib/validation/gallery";

const GALLERY_ICONS: Partial<Record<string, LucideIcon>> = Object.fromEntries(Object.entries(galleryIconsOf()).map(([tool, icon]) => [tool, TOOL_ICONS[icon]]));

export function ToolLabel({ tool }: { tool: SavedImageTool }) {
  const t = useTranslations("Gallery");
  const Icon = GALLERY_ICONS[tool] ?? ImageIcon;
  return (
    <span className="bg-secondary text-secondary-foreground inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium">
      <Icon aria-hidden className="size-3.5" />
      {t(`tool_${tool}`)}
    </span>
  );
}
