// The preview's password form: plain HTML posted to /api/preview/access, so it works before and
// without any script, and sends no JavaScript of its own.
import { getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

interface PreviewAccessFormProps {
  locale: string;
  /** Where to go once the password is right: the page the visitor asked for. */
  next: string;
  /** Why the last try failed: a wrong password, or too many tries from this address. */
  problem: "wrong" | "limited" | null;
}

export async function PreviewAccessForm({ locale, next, problem }: PreviewAccessFormProps) {
  const t = await getTranslations("PreviewAccess");
  return (
    <section className="mx-auto grid w-full max-w-sm gap-4 px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      <p className="text-muted-foreground">{t("intro")}</p>
      {problem && (
        <p role="alert" className="border-destructive/30 bg-destructive/10 text-destructive rounded-md border p-3 text-sm">
          {t(problem === "limited" ? "tooManyTries" : "wrongPassword")}
        </p>
      )}
      <form method="post" action="/api/preview/access" className="grid gap-3">
        <input type="hidden" name="next" value={next} />
        <input type="hidden" name="locale" value={locale} />
        <label htmlFor="preview-password" className="text-sm font-medium">
          {t("passwordLabel")}
        </label>
        <Input id="preview-password" name="password" type="password" required autoComplete="current-password" autoFocus aria-invalid={problem === "wrong"} />
        <button type="submit" className={buttonVariants()}>
          {t("submit")}
        </button>
      </form>
    </section>
  );
}
