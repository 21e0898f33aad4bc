"use client";
// A removal's result (both removal tools): before and after on a slider, Save and Download, and
// Keep Editing to remove something else from the result without downloading and re-uploading it.
import { Brush } from "lucide-react";
import { useState } from "react";
import { CompareSlider } from "@/components/imaging/compare-slider";
import { ResultActions } from "@/components/imaging/result-actions";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { toast } from "@/components/ui/toaster";
import type { SavedImageTool } from "@/lib/validation/gallery";

interface RemovalResultProps {
  before: string;
  after: string;
  /** How a saved result is filed in the gallery. */
  savedAs: SavedImageTool;
  /** The start of the kept result's file name (Keep Editing). */
  fileStem: string;
  title: string;
  alt: string;
  hint: string;
  downloadLabel: string;
  keepEditingLabel: string;
  keepEditingFailed: string;
  onKeepEditing: (file: File) => void;
  /** Takes the URL of the result "Make again" gave. */
  onMadeAgain?: (url: string) => void;
}

export function RemovalResult(props: RemovalResultProps) {
  const { before, after, savedAs, fileStem, title, alt, hint, downloadLabel, keepEditingLabel, keepEditingFailed, onKeepEditing, onMadeAgain } = props;
  const [loading, setLoading] = useState(false);

  async function keepEditing() {
    setLoading(true);
    try {
      const response = await fetch(after, { credentials: "include" });
      if (!response.ok) throw new Error(String(response.status));
      const blob = await response.blob();
      onKeepEditing(new File([blob], `${fileStem}-${Date.now()}.png`, { type: blob.type || "image/png" }));
    } catch {
      toast.error(keepEditingFailed);
    } finally {
      setLoading(false);
    }
  }

  return (
    <Card className="grid gap-4 p-3 sm:p-4" data-testid="removal-result">
      <h2 className="px-1 text-lg font-semibold">{title}</h2>
      <CompareSlider before={before} after={after} alt={alt} />
      <p className="text-muted-foreground px-1 text-sm">{hint}</p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ResultActions
          url={after}
          tool={savedAs}
          variant="tool"
          downloadLabel={downloadLabel}
          onMadeAgain={onMadeAgain && ((made) => onMadeAgain(made.result.sample))}
        />
        <Button variant="outline" onClick={() => void keepEditing()} disabled={loading}>
          <Brush aria-hidden />
          {keepEditingLabel}
        </Button>
      </div>
    </Card>
  );
}
