"use client";
// The Flux object removal screen (spec §2): upload, paint red 50 px strokes over what should go,
// Clear Mask, New Image, Remove Objects (1 credit, with a fresh balance check first), and the result
// with Save and Download.
import { ImagePlus, Trash2, Undo2, WandSparkles } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useRef, useState } from "react";
import { useCurrentUser } from "@/components/auth/use-auth";
import { EngineNotice } from "@/components/imaging/engine-notice";
import { ImageDropzone, MAX_IMAGE_BYTES, TOOL_ACCEPT } from "@/components/imaging/image-dropzone";
import { PaintSurface } from "@/components/tools/object-removal/paint-surface";
import { RemovalResult } from "@/components/tools/object-removal/removal-result";
import { SelectControls } from "@/components/tools/object-removal/select-controls";
import { useMaskRemoval } from "@/components/tools/object-removal/use-mask-removal";
import { usePaintStrokes } from "@/components/tools/object-removal/use-paint-strokes";
import { useTapSelect } from "@/components/tools/object-removal/use-tap-select";
import { ToolCreditNotice } from "@/components/tools/shared-credit-notice";
import { useLocalImage } from "@/components/tools/shared-image-stage";
import { ProcessButton, useElapsedSeconds } from "@/components/tools/shared-process-button";
import { ToolLayout } from "@/components/tools/tool-layout";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { toast } from "@/components/ui/toaster";
import { FLUX_REMOVAL_BRUSH, hasPaint, type Size } from "@/lib/masks/paint";
import { hasSelection } from "@/lib/masks/selection";
import { useFluxCreditCheck } from "./use-flux-credit-check";
import { useResumeOperation } from "@/components/imaging/use-resume-operation";

const RETURN_TO = "/flux-removal";
/** The tap selection is shown in the brush's red, so the two read as one mask. */
const SELECT_COLOUR: [number, number, number] = [255, 0, 0];

export function FluxRemovalScreen() {
  const t = useTranslations("FluxRemoval");
  const ts = useTranslations("TapSelect");
  const tp = useTranslations("Pages");
  const { data: user } = useCurrentUser();
  const checkCredits = useFluxCreditCheck(RETURN_TO);
  const [image, chooseImage] = useLocalImage();
  const [strokes, dispatch] = usePaintStrokes(Boolean(image));
  const [natural, setNatural] = useState<Size | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [selecting, setSelecting] = useState(false);
  const [subtract, setSubtract] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const texts = useMemo(
    () => ({ failed: t("failed"), noResult: t("noResult"), maskFailed: t("maskFailed"), maskCanvas: t("maskCanvas"), canvasMissing: t("canvasMissing") }),
    [t],
  );
  const removal = useMaskRemoval("white-on-black", texts);
  const selectTexts = useMemo(() => ({ failedTitle: ts("failedTitle"), failed: ts("failed"), tooManyTaps: ts("tooManyTaps") }), [ts]);
  const tapSelect = useTapSelect(image?.file ?? null, SELECT_COLOUR, selectTexts);
  // A reload during the work picks the operation up again and shows its result here.
  const resuming = useResumeOperation({ fallback: texts.failed }, (resumed) => {
    if (resumed.source) takeImage(resumed.source);
    setResult(resumed.url);
  });
  const busy = removal.busy || checking || resuming;
  const seconds = useElapsedSeconds(removal.busy || resuming);
  const painted = hasPaint(strokes);
  const marked = painted || hasSelection(tapSelect.selection);

  function takeImage(file: File | null) {
    chooseImage(file);
    dispatch({ type: "clear" });
    setNatural(null);
    setResult(null);
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
    setChecking(true);
    const allowed = await checkCredits().finally(() => setChecking(false));
    if (!allowed) return;
    const url = await removal.run({ file: image.file, strokes, natural, canvas: canvas.current, selection: tapSelect.selection });
    if (url) setResult(url);
  }

  return (
    <ToolLayout
      title={tp("fluxRemovalTitle")}
      description={tp("fluxRemovalDescription")}
      balance={user ? t("balance", { count: user.credits }) : undefined}
      cost={t("cost")}
    >
      <div className="grid gap-4">
        <ToolCreditNotice user={user} guestText={t("guestNote")} signUpLabel={t("signUp")} returnTo={RETURN_TO} />
        {!image ? (
          <ImageDropzone onImage={takeImage} accept={TOOL_ACCEPT} maxSize={MAX_IMAGE_BYTES} hint={t("uploadHint")} className="bg-card min-h-72 sm:min-h-96" />
        ) : (
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="grid min-w-0 gap-6">
              <Card className="grid gap-3 p-3 sm:p-4" data-testid="flux-removal-stage">
                <PaintSurface
                  imageUrl={image.url}
                  imageAlt={t("imageAlt")}
                  canvasLabel={t("canvasLabel")}
                  strokes={strokes}
                  dispatch={dispatch}
                  painting
                  brush={FLUX_REMOVAL_BRUSH}
                  colour="#ff0000"
                  opacity={0.55}
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
                <p className="text-muted-foreground px-1 text-sm">{selecting ? ts("hint") : t("hint")}</p>
              </Card>
              {result && (
                <RemovalResult
                  before={image.url}
                  after={result}
                  onMadeAgain={setResult}
                  title={t("resultTitle")}
                  alt={t("resultAlt")}
                  hint={t("resultHint")}
                  downloadLabel={t("download")}
                  keepEditingLabel={t("keepEditing")}
                  keepEditingFailed={t("keepEditingFailed")}
                  onKeepEditing={takeImage}
                />
              )}
            </div>
            <Card className="grid gap-4 p-4" data-testid="flux-removal-controls">
              <SelectControls
                selecting={selecting}
                onSelectingChange={setSelecting}
                subtract={subtract}
                onSubtractChange={setSubtract}
                disabled={busy || !user}
              />
              {!user && <p className="text-muted-foreground -mt-2 text-xs">{ts("signInToSelect")}</p>}
              <div className="grid grid-cols-2 gap-2">
                <Button variant="outline" onClick={undo} disabled={(!painted && tapSelect.points.length === 0) || busy || tapSelect.busy}>
                  <Undo2 aria-hidden />
                  {t("undo")}
                </Button>
                <Button variant="outline" onClick={clearAll} disabled={(!painted && tapSelect.points.length === 0) || busy}>
                  <Trash2 aria-hidden />
                  {t("clearMask")}
                </Button>
                <Button variant="outline" className="col-span-2" onClick={() => takeImage(null)} disabled={busy}>
                  <ImagePlus aria-hidden />
                  {t("newImage")}
                </Button>
              </div>
              <div className="grid gap-2">
                <ProcessButton
                  busy={busy}
                  label={t("removeObjects")}
                  busyLabel={t("removing", { seconds })}
                  icon={<WandSparkles aria-hidden />}
                  onClick={() => void remove()}
                  disabled={tapSelect.busy}
                />
                <p className="text-muted-foreground text-center text-xs">{t("removeCost")}</p>
              </div>
              <EngineNotice operations={["removeObject"]} />
            </Card>
          </div>
        )}
      </div>
    </ToolLayout>
  );
}
