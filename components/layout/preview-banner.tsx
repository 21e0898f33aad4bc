// The label on every page of a preview: what it shows, and that its data and payments are not real.
// Rendered on the server as the layout's first element, in normal flow and at a fixed height, so it is
// in the first paint, moves nothing after it (no layout shift), covers nothing and sends no script.
// It replaces the payment sandbox's notice there: a preview's payments are always simulated.
import { getTranslations } from "next-intl/server";

export async function PreviewBanner({ name }: { name: string | null }) {
  const t = await getTranslations("PreviewBanner");
  return (
    <div
      role="status"
      data-testid="preview-banner"
      className="flex h-10 items-center justify-center overflow-hidden bg-amber-100 px-4 text-center text-xs font-medium text-amber-950 sm:text-sm"
    >
      <p className="line-clamp-2">{name ? t("named", { name }) : t("unnamed")}</p>
    </div>
  );
}
