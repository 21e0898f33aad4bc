"use client";
// The controls beside a removal tool's photo: highlighting (a guided tool), the brush (when it is
// adjustable), tap to select, Undo, Clear, a new photo, and Remove with its progress and its cost.
import { Highlighter, ImagePlus, RefreshCw, Trash2, Undo2, WandSparkles } from "lucide-react";
import { useTranslations } from "next-intl";
import { EngineNotice } from "@/components/imaging/engine-notice";
import { ProcessButton } from "@/components/tools/shared-process-button";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Slider } from "@/components/ui/slider";
import { cn } from "@/lib/cn";
import type { RemovalConfig, RemovalTexts } from "./removal-config";
import { ReplaceWithField } from "./removal-replace-with";
import { SelectControls } from "./select-controls";

interface RemovalControlsProps {
  config: RemovalConfig;
  t: RemovalTexts;
  hasImage: boolean;
  signedIn: boolean;
  busy: boolean;
  seconds: number;
  highlighting: boolean;
  onHighlightingChange: (on: boolean) => void;
  selecting: boolean;
  onSelectingChange: (on: boolean) => void;
  subtract: boolean;
  onSubtractChange: (on: boolean) => void;
  brush: number;
  onBrushChange: (size: number) => void;
  /** Something painted or tapped that Undo and Clear can take back. */
  canUndo: boolean;
  /** A tap is being answered. */
  selectBusy: boolean;
  onUndo: () => void;
  onClear: () => void;
  onChangeImage: () => void;
  /** Something is marked for removal. */
  marked: boolean;
  onRemove: () => void;
  /** "Replace with…": what Remove draws in the marked area instead, when an AI provider is set up. */
  replaceWith: string;
  onReplaceWithChange: (text: string) => void;
}

export function RemovalControls(props: RemovalControlsProps) {
  const { config, t, hasImage, signedIn, busy, seconds, highlighting, selecting, brush, canUndo, selectBusy } = props;
  const ts = useTranslations("TapSelect");
  const brushId = `${config.id}-brush`;
  return (
    <Card className={cn("grid p-4", config.guided ? "gap-5" : "gap-4")} data-testid={`${config.id}-controls`}>
      {config.guided && (
        <Button
          variant={highlighting ? "default" : "outline"}
          aria-pressed={highlighting}
          disabled={!hasImage || busy}
          onClick={() => props.onHighlightingChange(!highlighting)}
        >
          <Highlighter aria-hidden />
          {highlighting ? t("stopHighlighting") : t("startHighlighting")}
        </Button>
      )}
      <SelectControls
        selecting={selecting}
        onSelectingChange={props.onSelectingChange}
        subtract={props.subtract}
        onSubtractChange={props.onSubtractChange}
        disabled={!hasImage || busy || !signedIn}
      />
      {!signedIn && <p className={cn("text-muted-foreground text-xs", config.guided ? "-mt-3" : "-mt-2")}>{ts("signInToSelect")}</p>}
      {config.brushRange && (
        <div className="grid gap-3">
          <div className="flex items-center justify-between gap-2">
            <Label id={brushId}>{t("brushSize")}</Label>
            <span className="text-muted-foreground text-sm tabular-nums">{t("brushValue", { size: brush })}</span>
          </div>
          <Slider
            aria-labelledby={brushId}
            thumbLabels={[t("brushSize")]}
            value={[brush]}
            onValueChange={([value]) => props.onBrushChange(value ?? config.brush)}
            min={config.brushRange.min}
            max={config.brushRange.max}
            step={config.brushRange.step}
            disabled={!hasImage}
          />
        </div>
      )}
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={props.onUndo} disabled={!canUndo || busy || selectBusy}>
          <Undo2 aria-hidden />
          {t("undo")}
        </Button>
        <Button variant="outline" onClick={props.onClear} disabled={!canUndo || busy}>
          <Trash2 aria-hidden />
          {t(config.keys.clear)}
        </Button>
        <Button variant="outline" className="col-span-2" onClick={props.onChangeImage} disabled={busy}>
          {config.guided ? <RefreshCw aria-hidden /> : <ImagePlus aria-hidden />}
          {!config.guided ? t("newImage") : hasImage ? t("changeImage") : t("uploadButton")}
        </Button>
      </div>
      <ReplaceWithField value={props.replaceWith} onChange={props.onReplaceWithChange} id={`${config.id}-replace-with`} disabled={!hasImage || busy} />
      <div className="grid gap-2">
        <ProcessButton
          busy={busy}
          label={t(config.keys.submit)}
          busyLabel={t("removing", { seconds })}
          icon={<WandSparkles aria-hidden />}
          onClick={props.onRemove}
          disabled={(config.guided && !props.marked) || selectBusy}
        />
        <p className="text-muted-foreground text-center text-xs">{t("removeCost")}</p>
      </div>
      <EngineNotice operations={["removeObject"]} />
    </Card>
  );
}
