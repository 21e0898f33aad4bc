"use client";
// One screen for both removal tools (spec §2, §4), each configuring it in its own folder (the shape is
// removal-config's): upload, mark what should go by painting or by tapping it, remove it for 1 credit,
// then the before/after result with Save, Download and Keep Editing.
import { ImagePlus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useRef, useState, type ComponentType } from "react";
import { useCurrentUser } from "@/components/auth/use-auth";
import { CreditBanner } from "@/components/credits/credit-banner";
import { MAX_IMAGE_BYTES, TOOL_ACCEPT } from "@/components/imaging/image-dropzone";
import { ToolDropzone } from "@/components/tools/shared-image-stage";
import { ToolCreditNotice } from "@/components/tools/shared-credit-notice";
import { useLocalImage } from "@/components/tools/shared-image-stage";
import { ToolLayout } from "@/components/tools/tool-layout";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { hasPaint, type Size } from "@/lib/masks/paint";
import { hasSelection } from "@/lib/masks/selection";
import { PaintSurface } from "./paint-surface";
import { RemovalControls } from "./removal-controls";
import type { RemovalConfig, RemovalTexts } from "./removal-config";
import { RemovalResult } from "./removal-result";
import { useMaskRemoval } from "./use-mask-removal";
import { usePaintStrokes } from "./use-paint-strokes";
import { useTapSelect } from "./use-tap-select";

interface RemovalScreenProps {
  config: RemovalConfig;
  /** The tool's own texts. */
  t: RemovalTexts;
  /** A credit check of the tool's own (asking the server); the cached balance otherwise. */
  checkCredits?: () => Promise<boolean>;
  /** The guided tool's upload dialog, open when the screen opens. */
  UploadDialog?: ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void; onImage: (file: File) => void }>;
}

export function RemovalScreen({ config, t, checkCredits, UploadDialog }: RemovalScreenProps) {
  const ts = useTranslations("TapSelect");
  const tp = useTranslations("Pages");
  const { data: user } = useCurrentUser();
  const [image, chooseImage] = useLocalImage();
  const [uploadOpen, setUploadOpen] = useState(config.guided);
  const [highlighting, setHighlighting] = useState(false);
  const [selecting, setSelecting] = useState(false);
  const [subtract, setSubtract] = useState(false);
  const [brush, setBrush] = useState(config.brush);
  const [strokes, dispatch] = usePaintStrokes(Boolean(image));
  const [natural, setNatural] = useState<Size | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [replaceWith, setReplaceWith] = useState("");
  const canvas = useRef<HTMLCanvasElement>(null);
  const selectTexts = useMemo(() => ({ failedTitle: ts("failedTitle"), failed: ts("failed"), tooManyTaps: ts("tooManyTaps") }), [ts]);
  const tapSelect = useTapSelect(image?.file ?? null, config.paint.rgb, selectTexts);
  const removal = useMaskRemoval({
    t,
    operation: config.operation,
    style: config.maskStyle,
    checkCredits,
    // A reload during the work picks the operation up again and shows its result here.
    onResume: (resumed) => {
      if (resumed.source) takeImage(resumed.source);
      setUploadOpen(false);
      setResult(resumed.url);
    },
  });
  const busy = removal.busy;
  const painted = hasPaint(strokes);
  const marked = painted || hasSelection(tapSelect.selection);

  function takeImage(file: File | null) {
    chooseImage(file);
    dispatch({ type: "clear" });
    setNatural(null);
    setResult(null);
  }

  async function remove() {
    const input = { file: image?.file ?? null, strokes, natural, canvas: canvas.current, selection: tapSelect.selection, replaceWith };
    const done = await removal.run(input);
    if (done) setResult(done.url);
  }

  const hint = selecting ? ts("hint") : !config.guided ? t("hint") : highlighting ? t("hintPainting") : t("hintStart");
  const stage = image ? (
    <>
      <PaintSurface
        imageUrl={image.url}
        imageAlt={t("imageAlt")}
        canvasLabel={t("canvasLabel")}
        strokes={strokes}
        dispatch={dispatch}
        painting={!config.guided || highlighting}
        brush={brush}
        colour={config.paint.colour}
        opacity={config.paint.opacity}
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
      <p className="text-muted-foreground px-1 text-sm" role={config.guided ? "status" : undefined}>
        {hint}
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
  );

  return (
    <ToolLayout
      title={tp(config.title)}
      description={tp(config.description)}
      balance={user ? t("balance", { count: user.credits }) : undefined}
      cost={t("cost")}
    >
      <div className="grid gap-4">
        {config.guided && user ? (
          <CreditBanner credits={user.credits} />
        ) : (
          <ToolCreditNotice user={user} guestText={t("guestNote")} signUpLabel={t("signUp")} returnTo={`/${config.id}`} />
        )}
        {!image && !config.guided ? (
          <ToolDropzone onImage={takeImage} accept={TOOL_ACCEPT} maxSize={MAX_IMAGE_BYTES} hint={t("uploadHint")} />
        ) : (
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="grid min-w-0 gap-6">
              <Card className="grid gap-3 p-3 sm:p-4" data-testid={`${config.id}-stage`}>
                {stage}
              </Card>
              {image && result && (
                <RemovalResult
                  before={image.url}
                  after={result}
                  savedAs={config.operation.savedAs}
                  fileStem={config.id}
                  onMadeAgain={setResult}
                  title={t("resultTitle")}
                  alt={t("resultAlt")}
                  hint={t("resultHint")}
                  downloadLabel={t(config.keys.download)}
                  keepEditingLabel={t("keepEditing")}
                  keepEditingFailed={t("keepEditingFailed")}
                  onKeepEditing={takeImage}
                />
              )}
            </div>
            <RemovalControls
              config={config}
              t={t}
              hasImage={Boolean(image)}
              signedIn={Boolean(user)}
              busy={busy}
              seconds={removal.seconds}
              highlighting={highlighting}
              onHighlightingChange={(on) => {
                setHighlighting(on);
                setSelecting(false);
              }}
              selecting={selecting}
              onSelectingChange={(on) => {
                setSelecting(on);
                setHighlighting(false);
              }}
              subtract={subtract}
              onSubtractChange={setSubtract}
              brush={brush}
              onBrushChange={setBrush}
              canUndo={painted || tapSelect.points.length > 0}
              selectBusy={tapSelect.busy}
              onUndo={() => (painted ? dispatch({ type: "undo" }) : tapSelect.undo())}
              onClear={() => {
                dispatch({ type: "clear" });
                tapSelect.clear();
              }}
              onChangeImage={() => (config.guided ? setUploadOpen(true) : takeImage(null))}
              marked={marked}
              onRemove={() => void remove()}
              replaceWith={replaceWith}
              onReplaceWithChange={setReplaceWith}
            />
          </div>
        )}
      </div>
      {UploadDialog && <UploadDialog open={uploadOpen} onOpenChange={setUploadOpen} onImage={takeImage} />}
    </ToolLayout>
  );
}
