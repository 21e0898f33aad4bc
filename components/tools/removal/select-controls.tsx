"use client";
// The tap-to-select controls of the removal tools: Select object (a mode beside painting) and, while
// selecting, whether taps add to the selection or take away from it.
import { MousePointerClick, SquareMinus, SquarePlus } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

interface SelectControlsProps {
  selecting: boolean;
  onSelectingChange: (on: boolean) => void;
  subtract: boolean;
  onSubtractChange: (on: boolean) => void;
  disabled?: boolean;
}

export function SelectControls({ selecting, onSelectingChange, subtract, onSubtractChange, disabled }: SelectControlsProps) {
  const t = useTranslations("TapSelect");
  return (
    <div className="grid gap-2">
      <Button variant={selecting ? "default" : "outline"} aria-pressed={selecting} disabled={disabled} onClick={() => onSelectingChange(!selecting)}>
        <MousePointerClick aria-hidden />
        {selecting ? t("stopSelecting") : t("selectObject")}
      </Button>
      {selecting && (
        <div className="grid grid-cols-2 gap-2" role="group" aria-label={t("tapModeLabel")}>
          <Button variant={subtract ? "outline" : "secondary"} aria-pressed={!subtract} disabled={disabled} onClick={() => onSubtractChange(false)}>
            <SquarePlus aria-hidden />
            {t("add")}
          </Button>
          <Button variant={subtract ? "secondary" : "outline"} aria-pressed={subtract} disabled={disabled} onClick={() => onSubtractChange(true)}>
            <SquareMinus aria-hidden />
            {t("subtract")}
          </Button>
        </div>
      )}
    </div>
  );
}
