"use client";
// "Replace with…" beside Remove: a description of what to draw in the marked area instead of
// removing it. Only an AI provider can draw something described; without one (the engine call says
// "none") the field is off and the screen says so, and Remove works as before.
import { useTranslations } from "next-intl";
import { useEngine } from "@/components/imaging/engine-notice";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PROMPT_MAX } from "@/lib/validation/limits";

interface ReplaceWithFieldProps {
  id: string;
  value: string;
  onChange: (text: string) => void;
  disabled: boolean;
}

export function ReplaceWithField({ id, value, onChange, disabled }: ReplaceWithFieldProps) {
  const t = useTranslations("FillTools");
  const engine = useEngine();
  const unavailable = engine.data?.generativeFill === "none";
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{t("replaceWith")}</Label>
      <Input
        id={id}
        value={unavailable ? "" : value}
        maxLength={PROMPT_MAX}
        placeholder={t("replaceWithPlaceholder")}
        onChange={(event) => onChange(event.currentTarget.value)}
        disabled={disabled || unavailable}
        aria-describedby={unavailable ? `${id}-note` : undefined}
        data-testid="replace-with"
      />
      {unavailable && (
        <p id={`${id}-note`} className="text-muted-foreground text-xs" data-testid="replace-with-needs-provider">
          {t("needsProvider")}
        </p>
      )}
    </div>
  );
}
