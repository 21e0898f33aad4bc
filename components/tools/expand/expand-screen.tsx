"use client";
// The Expand screen: upload, choose a frame (1:1, 4:5, 3:2, 16:9, 9:16) or the pixels to add on
// each side, see the new frame over the photo, optionally describe the new borders, and expand for
// 2 credits; then compare, save and download the PNG.
import { Expand } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SingleImageTool } from "@/components/tools/single-image-tool";
import { useImageSize } from "@/components/tools/use-image-size";
import { useSingleImageTool } from "@/components/tools/use-single-image-tool";
import { toast } from "@/components/ui/toaster";
import { addsNothing, expandForm, marginsOfChoice, NO_MARGINS, type ExpandChoice } from "./expand-choice";
import { ExpandOptions } from "./expand-options";
import { FramePreview } from "./frame-preview";

export function ExpandScreen() {
  const t = useTranslations("Expand");
  const [choice, setChoice] = useState<ExpandChoice>({ frame: "16:9", sides: NO_MARGINS, prompt: "" });
  const tool = useSingleImageTool<ExpandChoice>("Expand", {
    form: expandForm,
    timeout: t("timeout"),
    validate: (chosen) => {
      if (chosen.frame === "custom" ? addsNothing(chosen.sides) : size !== null && addsNothing(marginsOfChoice(chosen, size))) {
        if (chosen.frame === "custom") toast.error(t("noMarginsTitle"), { description: t("noMarginsBody") });
        else toast.error(t("noMarginsTitle"), { description: t("alreadyAspect", { aspect: chosen.frame }) });
        return false;
      }
      return true;
    },
  });
  const image = tool.image;
  const size = useImageSize(image?.url ?? null);
  const busy = tool.operation.busy;
  const margins = size ? marginsOfChoice(choice, size) : null;

  return (
    <SingleImageTool tool={tool} icon={<Expand aria-hidden />} madeAgain onSubmit={() => void tool.submit(choice, choice.prompt.trim() || null)}>
      <ExpandOptions
        choice={choice}
        onChange={(next) => {
          setChoice(next);
          tool.setResult(null);
        }}
        disabled={busy}
      />
      {image &&
        size &&
        margins &&
        !tool.result &&
        (addsNothing(margins) ? (
          choice.frame !== "custom" && (
            <p className="text-muted-foreground text-sm" data-testid="expand-already">
              {t("alreadyAspect", { aspect: choice.frame })}
            </p>
          )
        ) : (
          <FramePreview imageUrl={image.url} size={size} margins={margins} />
        ))}
    </SingleImageTool>
  );
}
