// The tool shortcuts above the editor (spec §2, and Upscale, Expand, Background Blur, Product Photo).
// A server component: the page renders it into the editor, so its icons travel as markup, not script.
import { Aperture, Eraser, Expand, Maximize2, Package, Palette, Scissors, Type } from "lucide-react";
import { useTranslations } from "next-intl";
import { Link } from "@/components/layout/intent-link";

const TOOLS = [
  { href: "/background-removal", icon: Eraser, key: "toolBackground" },
  { href: "/object-removal", icon: Scissors, key: "toolObject" },
  { href: "/cartoon-style", icon: Palette, key: "toolCartoon" },
  { href: "/text-overlay", icon: Type, key: "toolText" },
  { href: "/upscale", icon: Maximize2, key: "toolUpscale" },
  { href: "/expand", icon: Expand, key: "toolExpand" },
  { href: "/blur-background", icon: Aperture, key: "toolBlur" },
  { href: "/product-photo", icon: Package, key: "toolProduct" },
] as const;

export function ToolButtons() {
  const t = useTranslations("Editor");
  return (
    <nav aria-label={t("toolsLabel")} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {TOOLS.map(({ href, icon: Icon, key }) => (
        <Link
          key={href}
          href={href}
          className="hover:border-primary hover:bg-primary/5 flex items-center gap-2 rounded-lg border p-3 text-sm font-medium transition-colors"
        >
          <Icon aria-hidden className="text-primary size-5 shrink-0" />
          {/* Two columns of long German words do not fit a 320 px phone: they break, hyphenated where the browser can. */}
          <span className="min-w-0 hyphens-auto wrap-anywhere">{t(key)}</span>
        </Link>
      ))}
    </nav>
  );
}
