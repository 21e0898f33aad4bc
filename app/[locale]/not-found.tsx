import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/layout/intent-link";

export default function NotFound() {
  const t = useTranslations("NotFound");
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-primary text-6xl font-bold" aria-hidden>
        404
      </p>
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="text-muted-foreground">{t("body")}</p>
      <Button asChild>
        <Link href="/">{t("home")}</Link>
      </Button>
    </div>
  );
}
