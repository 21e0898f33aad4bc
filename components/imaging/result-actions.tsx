"use client";
// Save (to the gallery, through the Save Image dialog) and Download for a result.
import { Download, Save } from "lucide-react";
import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { SavedImageTool } from "@/lib/validation/gallery";
import { useDownload } from "./use-download";

const SaveImageDialog = dynamic(() => import("@/components/gallery/save-image-dialog").then((module) => module.SaveImageDialog), { ssr: false });

interface ResultActionsProps {
  url: string;
  tool: SavedImageTool;
  prompt?: string | null;
  variant: "editor" | "tool";
  downloadLabel?: string;
  filename?: string;
}

export function ResultActions({ url, tool, prompt, variant, downloadLabel, filename }: ResultActionsProps) {
  const t = useTranslations("Imaging");
  const download = useDownload(variant);
  const [saving, setSaving] = useState(false);
  const [everSaved, setEverSaved] = useState(false);
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        onClick={() => {
          setEverSaved(true);
          setSaving(true);
        }}
      >
        <Save aria-hidden />
        {t("save")}
      </Button>
      <Button onClick={() => void download(url, { filename })}>
        <Download aria-hidden />
        {downloadLabel ?? t("download")}
      </Button>
      {everSaved && <SaveImageDialog open={saving} onOpenChange={setSaving} imageUrl={url} tool={tool} originalPrompt={prompt ?? null} />}
    </div>
  );
}
