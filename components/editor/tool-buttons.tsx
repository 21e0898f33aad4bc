// The tool shortcuts above the editor (spec §2, and Upscale, Expand, Background Blur, Product Photo),
// as the tool registry places them (the entries' server facts, lib/tools/registry.server.ts, `editorButton`).
// A server component: the page renders it into the editor, so its icons travel as markup, not script.
import { useTranslations } from "next-intl";
import { Link } from "@/components/layout/intent-link";
import { TOOL_ICONS } from "@/components/tools/tool-icons";
import { editorButtonsOf } from "@/lib/tools/server-facts";

const TOOLS = editorButtonsOf();

export function ToolButtons() {
  const t = useTranslations("Editor");
  return (
    <nav aria-label={t("toolsLabel")} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {TOOLS.map(({ href, icon, label }) => {
        const Icon = TOOL_ICONS[icon];
        return (
          <Link
            key={href}
            href={href}
            className="hover:border-primary hover:bg-primary/5 flex items-center gap-2 rounded-lg border p-3 text-sm font-medium transition-colors"
          >
            <Icon aria-hidden className="text-primary size-5 shrink-0" />
            {/* Two columns of long German words do not fit a 320 px phone: they break, hyphenated where the browser can. */}
            <span className="min-w-0 hyphens-auto wrap-anywhere">{t(label as never)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
