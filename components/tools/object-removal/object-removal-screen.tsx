"use client";
// The Object removal screen (spec §2, §4): the upload dialog first, then the photo to highlight the
// object on (Start/Stop Highlighting, brush size, undo, Clear, Change Image), Remove Object once
// something is painted, and the before/after result with Save and Download Result.
import { Highlighter, ImagePlus, RefreshCw, Trash2, Undo2, WandSparkles } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useRef, useState } from "react";
import { useCurrentUser } from "@/components/auth/use-auth";
import { CreditBanner } from "@/components/credits/credit-banner";
import { EngineNotice } from "@/components/imaging/engine-notice";
import { useResumeOperation } from "@/components/imaging/use-resume-operation";
import { useCreditCheck } from "@/components/imaging/use-credit-check";
import { ToolCreditNotice } from "@/components/tools/shared-credit-notice";
import { useLocalImage } from "@/components/tools/shared-image-stage";
import { ProcessButton, useElapsedSeconds } from "@/components/tools/shared-process-button";
import { ToolLayout } from "@/components/tools/tool-layout";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Slider } from "@/components/ui/slider";
import { toast } from "@/components/ui/toaster";
import { hasPaint, OBJECT_REMOVAL_BRUSH, OBJECT_REMOVAL_BRUSH_RANGE, type Size } from "@/lib/masks/paint";
import { hasSelection } from "@/lib/masks/selection";
import { PaintSurface } from "./paint-surface";
import { RemovalResult } from "./removal-result";
import { SelectControls } from "./select-controls";
import { UploadDialog } from "./upload-dialog";
import { useMaskRemoval } from "./use-mask-removal";
import { usePaintStrokes } from "./use-paint-strokes";
import { useTapSelect } from "./use-tap-select";

/** The tap selection is shown in the brush's red, so the two read as one mask. */
const SELECT_COLOUR: [number, number, number] = [239, 68, 68];

export function ObjectRemovalScreen() {
  const t = useTranslations("ObjectRemoval");
  const ts = useTranslations("TapSelect");
  const tp = useTranslations("Pages");
  const { data: user } = useCurrentUser();
  const checkCredits = useCreditCheck();
  const [image, chooseImage] = useLocalImage();
  const [uploadOpen, setUploadOpen] = useState(true);
  const [highlighting, setHighlighting] = useState(false);
  const [selecting, setSelecting] = useState(false);
  const [subtract, setSubtract] = useState(false);
  const [brush, setBrush] = useState<number>(OBJECT_REMOVAL_BRUSH);
  const [strokes, dispatch] = usePaintStrokes(Boolean(image));
  const [natural, setNatural] = useState<Size | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const texts = useMemo(
    () => ({ failed: t("failed"), noResult: t("noResult"), maskFailed: t("maskFailed"), maskCanvas: t("maskCanvas"), canvasMissing: t("canvasMissing") }),
    [t],
  );
  const removal = useMaskRemoval("black-on-white", texts);
  const selectTexts = useMemo(() => ({ failedTitle: ts("failedTitle"), failed: ts("failed"), tooManyTaps: ts("tooManyTaps") }), [ts]);
  const tapSelect = useTapSelect(image?.file ?? null, SELECT_COLOUR, selectTexts);
  // A reload during the work picks the operation up again and shows its result here.
  const resuming = useResumeOperation({ fallback: texts.failed }, (resumed) => {
    if (resumed.source) takeImage(resumed.source);
    setUploadOpen(false);
    setResult(resumed.url);
  });
  const busy = removal.busy || resuming;
  const seconds = useElapsedSeconds(busy);
  const painted = hasPaint(strokes);
  const marked = painted || hasSelection(tapSelect.selection);

  function takeImage(file: File) {
    chooseImage(file);
    dispatch({ type: "clear" });
    setNatural(null);
    setResult(null);
  }

  function changeMode(mode: "highlight" | "select", on: boolean) {
    setHighlighting(mode === "highlight" && on);
    setSelecting(mode === "select" && on);
  }

  function undo() {
    if (painted) dispatch({ type: "undo" });
    else tapSelect.undo();
  }

  function clearAll() {
    dispatch({ type: "clear" });
    tapSelect.clear();
  }

  async function remove() {
    if (!image || !marked) {
      toast.error(t("missingTitle"), { description: t("missingBody") });
      return;
    }
    if (!checkCredits("object_removal")) return;
    const url = await removal.run({ file: image.file, strokes, natural, canvas: canvas.current, selection: tapSelect.selection });
    if (url) setResult(url);
  }

  return (
    <ToolLayout
      title={tp("objectRemovalTitle")}
      description={tp("objectRemovalDescription")}
      balance={user ? t("balance", { count: user.credits }) : undefined}
      cost={t("cost")}
    >
      <div className="grid gap-4">
        {user ? (
          <CreditBanner credits={user.credits} />
        ) : (
          <ToolCreditNotice user={user} guestText={t("guestNote")} signUpLabel={t("signUp")} returnTo="/object-removal" />
        )}
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="grid min-w-0 gap-6">
            <Card className="grid gap-3 p-3 sm:p-4" data-testid="object-removal-stage">
              {image ? (
                <>
                  <PaintSurface
                    imageUrl={image.url}
                    imageAlt={t("imageAlt")}
                    canvasLabel={t("canvasLabel")}
                    strokes={strokes}
                    dispatch={dispatch}
                    painting={highlighting}
                    brush={brush}
                    colour="#ef4444"
                    opacity={0.5}
                    onNaturalSize={setNatural}
                    canvasRef={canvas}
                    disabled={busy}
                    selecting={selecting}
                    onTap={(point, modifier) => tapSelect.tap(point, modifier || subtract)}
                    overlayUrl={tapSelect.overlay}
                    overlayAlt={ts("overlayAlt")}
                    selectBusy={tapSelect.busy}
                    selectBusyLabel={ts("busy")}
                  />
                  <p className="text-muted-foreground px-1 text-sm" role="status">
                    {selecting ? ts("hint") : highlighting ? t("hintPainting") : t("hintStart")}
                  </p>
                </>
              ) : (
                <div className="flex min-h-64 flex-col items-center justify-center gap-4 p-6 text-center">
                  <ImagePlus aria-hidden className="text-primary size-10" />
                  <p className="text-muted-foreground max-w-sm text-sm">{t("emptyBody")}</p>
                  <Button onClick={() => setUploadOpen(true)}>
                    <ImagePlus aria-hidden />
                    {t("uploadButton")}
                  </Button>
                </div>
              )}
            </Card>
            {image && result && (
              <RemovalResult
                before={image.url}
                after={result}
                onMadeAgain={setResult}
                title={t("resultTitle")}
                alt={t("resultAlt")}
                hint={t("resultHint")}
                downloadLabel={t("downloadResult")}
                keepEditingLabel={t("keepEditing")}
                keepEditingFailed={t("keepEditingFailed")}
                onKeepEditing={takeImage}
              />
            )}
          </div>
          <Card className="grid gap-5 p-4" data-testid="object-removal-controls">
            <Button
              variant={highlighting ? "default" : "outline"}
              aria-pressed={highlighting}
              disabled={!image || busy}
              onClick={() => changeMode("highlight", !highlighting)}
            >
              <Highlighter aria-hidden />
              {highlighting ? t("stopHighlighting") : t("startHighlighting")}
            </Button>
            <SelectControls
              selecting={selecting}
              onSelectingChange={(on) => changeMode("select", on)}
              subtract={subtract}
              onSubtractChange={setSubtract}
              disabled={!image || busy || !user}
            />
            {!user && <p className="text-muted-foreground -mt-3 text-xs">{ts("signInToSelect")}</p>}
            <div className="grid gap-3">
              <div className="flex items-center justify-between gap-2">
                <Label id="object-removal-brush">{t("brushSize")}</Label>
                <span className="text-muted-foreground text-sm tabular-nums">{t("brushValue", { size: brush })}</span>
              </div>
              <Slider
                aria-labelledby="object-removal-brush"
                thumbLabels={[t("brushSize")]}
                value={[brush]}
                onValueChange={([value]) => setBrush(value ?? OBJECT_REMOVAL_BRUSH)}
                min={OBJECT_REMOVAL_BRUSH_RANGE.min}
                max={OBJECT_REMOVAL_BRUSH_RANGE.max}
                step={OBJECT_REMOVAL_BRUSH_RANGE.step}
                disabled={!image}
              />
            </div>
            <div className="grid grid-cols-2 gap-2">
              <Button variant="outline" onClick={undo} disabled={(!painted && tapSelect.points.length === 0) || busy || tapSelect.busy}>
                <Undo2 aria-hidden />
                {t("undo")}
              </Button>
              <Button variant="outline" onClick={clearAll} disabled={(!painted && tapSelect.points.length === 0) || busy}>
                <Trash2 aria-hidden />
                {t("clear")}
              </Button>
              <Button variant="outline" className="col-span-2" onClick={() => setUploadOpen(true)} disabled={busy}>
                <RefreshCw aria-hidden />
                {image ? t("changeImage") : t("uploadButton")}
              </Button>
            </div>
            <div className="grid gap-2">
              <ProcessButton
                busy={busy}
                label={t("removeObject")}
                busyLabel={t("removing", { seconds })}
                icon={<WandSparkles aria-hidden />}
                onClick={() => void remove()}
                disabled={!marked || tapSelect.busy}
              />
              <p className="text-muted-foreground text-center text-xs">{t("removeCost")}</p>
            </div>
            <EngineNotice operations={["removeObject"]} />
          </Card>
        </div>
      </div>
      <UploadDialog open={uploadOpen} onOpenChange={setUploadOpen} onImage={takeImage} />
    </ToolLayout>
  );
}
