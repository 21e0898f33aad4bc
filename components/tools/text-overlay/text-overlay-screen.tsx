"use client";
// The Text overlay screen (spec §2, §4), entirely in the browser: upload a photo, Add Text then click
// to place a box, edit, drag, style and remove texts, and download (or save) the result at the
// photo's full resolution. Nothing is sent to the server except an explicit gallery save.
import { Download, ImagePlus, MousePointerClick, Plus, Save, X } from "lucide-react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useReducer, useRef, useState, type MouseEvent } from "react";
import { TOOL_ACCEPT } from "@/components/imaging/image-dropzone";
import { ToolDropzone } from "@/components/tools/shared-image-stage";
import { useLocalImage } from "@/components/tools/shared-image-stage";
import { ToolLayout } from "@/components/tools/tool-layout";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { TEXT_DEFAULTS, type Size, type TextElement } from "@/lib/text-overlay/elements";
import { initialOverlayState, overlayReducer } from "@/lib/text-overlay/state";
import { HowToUse } from "./how-to-use";
import { TextElementsList } from "./text-elements-list";
import { TextProperties } from "./text-properties";
import { TextStage } from "./text-stage";
import { useTextExport } from "./use-text-export";

// The save dialog loads when it first opens.
const SaveImageDialog = dynamic(() => import("@/components/gallery/save-image-dialog").then((module) => module.SaveImageDialog), { ssr: false });

let fallbackId = 0;
function newId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  fallbackId += 1;
  return `text-${Date.now()}-${fallbackId}`;
}

export function TextOverlayScreen() {
  const t = useTranslations("TextOverlay");
  const tp = useTranslations("Pages");
  const [image, chooseImage] = useLocalImage();
  const [natural, setNatural] = useState<Size | null>(null);
  const [display, setDisplay] = useState<Size>({ width: 0, height: 0 });
  const [state, dispatch] = useReducer(overlayReducer, initialOverlayState);
  const [saveUrl, setSaveUrl] = useState<string | null>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const exporter = useTextExport({ imageRef, natural, display, elements: state.elements });
  const selected = state.elements.find((element) => element.id === state.selectedId) ?? null;

  const onDisplay = useCallback((size: Size) => {
    setDisplay((previous) => (previous.width === size.width && previous.height === size.height ? previous : size));
  }, []);

  useEffect(() => {
    if (!state.placing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") dispatch({ type: "cancelPlacing" });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [state.placing]);

  function takeImage(file: File | null) {
    chooseImage(file);
    setNatural(null);
  }

  function addText(event: MouseEvent<HTMLButtonElement>) {
    dispatch({ type: "startPlacing" });
    // From the keyboard there is no point to click: the box goes in the middle, ready to move with the arrows.
    if (event.detail === 0) {
      dispatch({
        type: "place",
        id: newId(),
        x: 50,
        y: 50,
        text: t("defaultText"),
        box: { width: Math.min(TEXT_DEFAULTS.width, display.width), height: TEXT_DEFAULTS.height },
        display,
      });
    }
  }

  async function save() {
    const url = await exporter.dataUrl();
    if (url) setSaveUrl(url);
  }

  const boxLabels = useCallback(
    (element: TextElement) => ({ box: t("boxLabel", { text: element.text }), edit: t("editLabel"), remove: t("removeNamed", { text: element.text }) }),
    [t],
  );

  return (
    <ToolLayout title={tp("textOverlayTitle")} description={tp("textOverlayDescription")}>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {!image ? (
          <>
            <ToolDropzone onImage={takeImage} accept={TOOL_ACCEPT} maxSize={null} hint={t("uploadHint")} />
            <HowToUse />
          </>
        ) : (
          <>
            <Card className="grid min-w-0 gap-4 p-3 sm:p-4">
              <div className="flex flex-wrap items-center gap-2">
                {state.placing ? (
                  <>
                    <p role="status" className="flex flex-1 items-center gap-2 text-sm font-medium text-sky-700 dark:text-sky-300">
                      <MousePointerClick aria-hidden className="size-4 shrink-0" />
                      {t("placingHint")}
                    </p>
                    <Button variant="outline" size="sm" onClick={() => dispatch({ type: "cancelPlacing" })}>
                      <X aria-hidden />
                      {t("cancelPlacing")}
                    </Button>
                  </>
                ) : (
                  <>
                    <Button onClick={addText} disabled={!natural}>
                      <Plus aria-hidden />
                      {t("addText")}
                    </Button>
                    <Button variant="outline" onClick={() => takeImage(null)}>
                      <ImagePlus aria-hidden />
                      {t("changeImage")}
                    </Button>
                  </>
                )}
              </div>
              <TextStage
                imageUrl={image.url}
                imageAlt={t("imageAlt")}
                stageLabel={t("stageLabel")}
                natural={natural}
                onNatural={setNatural}
                onDisplay={onDisplay}
                display={display}
                imageRef={imageRef}
                state={state}
                dispatch={dispatch}
                newId={newId}
                defaultText={t("defaultText")}
                labels={boxLabels}
              />
              <p className="text-muted-foreground text-center text-xs">{t("stageHint")}</p>
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="outline" onClick={() => void save()} disabled={exporter.busy || !natural}>
                  <Save aria-hidden />
                  {t("save")}
                </Button>
                <Button onClick={() => void exporter.downloadPng()} disabled={exporter.busy || !natural}>
                  {exporter.busy ? <Spinner aria-hidden /> : <Download aria-hidden />}
                  {t("download")}
                </Button>
              </div>
            </Card>
            <div className="grid gap-6">
              <TextProperties element={selected} dispatch={dispatch} />
              <TextElementsList elements={state.elements} selectedId={state.selectedId} dispatch={dispatch} />
              <HowToUse />
            </div>
          </>
        )}
      </div>
      {saveUrl !== null && <SaveImageDialog open onOpenChange={(open) => !open && setSaveUrl(null)} imageUrl={saveUrl} tool="text_overlay" />}
    </ToolLayout>
  );
}
