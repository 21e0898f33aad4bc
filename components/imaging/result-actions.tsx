"use client";
// Save (to the gallery, through the Save Image dialog), Download and Share (a link, for a signed-in
// user; a guest is offered a sign-up) for a result, and, for a signed-in
// user's own result, "How this was made" with its recipe and "Make again"; and a link to /verify,
// where anyone reads the Content Credentials every result is signed with.
import { ChevronDown, Download, Save } from "lucide-react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";
import { useCurrentUser } from "@/components/auth/use-auth";
import { Button } from "@/components/ui/button";
import { CheckCredentialsLink } from "@/components/verify/check-credentials-link";
import { ownFileIdOf } from "@/lib/storage/file-url";
import type { SavedImageTool } from "@/lib/validation/gallery";
import type { ImageResult } from "@/lib/validation/imaging";
import { useDownload } from "./use-download";

const SaveImageDialog = dynamic(() => import("@/components/gallery/save-image-dialog").then((module) => module.SaveImageDialog), { ssr: false });
// Share comes with its result (a guest's sign-up offer included), after Save and Download: the pages
// that show results carry none of it before.
const ShareAction = dynamic(() => import("@/components/share/share-action").then((module) => module.ShareAction), { ssr: false });
// The recipe loads when first opened: the result card stays light.
const RecipePanel = dynamic(() => import("./recipe-panel").then((module) => module.RecipePanel), { ssr: false });

interface ResultActionsProps {
  url: string;
  tool: SavedImageTool;
  prompt?: string | null;
  variant: "editor" | "tool";
  downloadLabel?: string;
  filename?: string;
  /** Takes the result of "Make again"; without it the recipe is shown without that button. */
  onMadeAgain?: (result: ImageResult) => void;
  /** More actions, shown after Save and Download. */
  children?: ReactNode;
}

export function ResultActions({ url, tool, prompt, variant, downloadLabel, filename, onMadeAgain, children }: ResultActionsProps) {
  const t = useTranslations("Imaging");
  const tr = useTranslations("Recipe");
  const { data: user } = useCurrentUser();
  const download = useDownload(variant);
  const [saving, setSaving] = useState(false);
  const [everSaved, setEverSaved] = useState(false);
  const [recipeOpen, setRecipeOpen] = useState(false);
  const panelId = useId();
  const fileId = ownFileIdOf(url);
  return (
    <div className="grid gap-3">
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
        {children}
        {fileId && <ShareAction fileId={fileId} prompt={prompt} />}
        {everSaved && <SaveImageDialog open={saving} onOpenChange={setSaving} imageUrl={url} tool={tool} originalPrompt={prompt ?? null} />}
      </div>
      {user && fileId && (
        <div className="grid gap-2">
          <button
            type="button"
            className="text-muted-foreground hover:text-foreground flex w-fit items-center gap-1 text-sm font-medium"
            aria-expanded={recipeOpen}
            aria-controls={panelId}
            onClick={() => setRecipeOpen((open) => !open)}
          >
            <ChevronDown aria-hidden className={`size-4 transition-transform ${recipeOpen ? "rotate-180" : ""}`} />
            {tr("title")}
          </button>
          <div id={panelId} hidden={!recipeOpen}>
            {recipeOpen && <RecipePanel key={fileId} fileId={fileId} onMadeAgain={onMadeAgain} />}
          </div>
        </div>
      )}
      <CheckCredentialsLink />
    </div>
  );
}
