"use client";
// The editor's left card: Generate or Edit, Undo and Redo, the source image (or the upload), and the
// prompt with its options and the action.
import { Redo2, RotateCcw, Undo2 } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { EngineNotice } from "@/components/imaging/engine-notice";
import { ImageDropzone } from "@/components/imaging/image-dropzone";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

interface SourcePanelProps {
  mode: "generate" | "edit";
  sourceImage: string | null;
  busy: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onUpload: (file: File) => void;
  onReset: () => void;
  /** The prompt box. */
  children: ReactNode;
}

export function SourcePanel({ mode, sourceImage, busy, canUndo, canRedo, onUndo, onRedo, onUpload, onReset, children }: SourcePanelProps) {
  const t = useTranslations("Editor");
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>{mode === "generate" ? t("generateTitle") : t("editTitle")}</CardTitle>
        <div className="flex gap-1">
          <Button size="icon" variant="ghost" aria-label={t("undo")} disabled={!canUndo || busy} onClick={onUndo}>
            <Undo2 />
          </Button>
          <Button size="icon" variant="ghost" aria-label={t("redo")} disabled={!canRedo || busy} onClick={onRedo}>
            <Redo2 />
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sourceImage ? (
          <div className="grid gap-2">
            {/* eslint-disable-next-line @next/next/no-img-element -- a local upload or our own file */}
            <img src={sourceImage} alt={t("sourceAlt")} className="bg-muted max-h-[400px] w-full rounded-lg object-contain" data-testid="source-image" />
            <Button variant="outline" onClick={onReset} disabled={busy}>
              <RotateCcw aria-hidden />
              {t("uploadDifferent")}
            </Button>
          </div>
        ) : (
          <ImageDropzone onImage={onUpload} disabled={busy} hint={t("uploadHint")} />
        )}
        {children}
        <EngineNotice operations={[mode === "generate" ? "generate" : "edit"]} />
      </CardContent>
    </Card>
  );
}
