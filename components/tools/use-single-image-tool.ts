"use client";
// The state of a one-image AI tool: the chosen photo, the result, and the operation that turns one
// into the other. A tool says what it sends (its form) and what it checks before credits; "No Image",
// the credit check, progress, resume after a reload and the failure messages come from the kit.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useImageOperation } from "@/components/imaging/use-image-operation";
import { toast } from "@/components/ui/toaster";
import type { ChargeableOperation } from "@/lib/credits/costs";
import type { ImageResult } from "@/lib/validation/imaging";
import { useLocalImage } from "./shared-image-stage";

/** The message namespaces of the one-image tools: each has the kit's keys (title, submit, busy, failed…). */
export type SingleImageNamespace = "BackgroundRemoval" | "CartoonStyle" | "Upscale" | "Expand" | "BlurBackground" | "ProductPhoto";

export interface SingleImageToolConfig<Choice> {
  namespace: SingleImageNamespace;
  endpoint: string;
  charge: ChargeableOperation;
  /** The call's form for a photo and the tool's options. */
  form: (file: File, choice: Choice) => FormData;
  /** The tool's own guards after "No Image" and before credits; false after their own toast. */
  validate?: (choice: Choice) => boolean;
  /** Failure wording of the tool's own, where the spec gives one (moderated, timeout). */
  moderated?: string;
  timeout?: string;
}

export interface SingleImageResult {
  url: string;
  /** The text that made it, kept for saving to the gallery. */
  prompt: string | null;
  /** The result's size in pixels; 0 when not known (a result picked up again after a reload). */
  width: number;
  height: number;
}

export function useSingleImageTool<Choice>(config: SingleImageToolConfig<Choice>) {
  const t = useTranslations(config.namespace);
  const [image, setImage] = useLocalImage();
  const [result, setResult] = useState<SingleImageResult | null>(null);
  const operation = useImageOperation<{ file: File | null; choice: Choice }, ImageResult>({
    endpoint: config.endpoint,
    charge: config.charge,
    validate: ({ file, choice }) => {
      if (!file) {
        toast.error(t("noImageTitle"), { description: t("noImageBody") });
        return false;
      }
      return config.validate ? config.validate(choice) : true;
    },
    body: ({ file, choice }) => (file ? { form: config.form(file, choice) } : null),
    texts: { fallback: t("failed"), moderated: config.moderated, timeout: config.timeout, noResult: t("noResult") },
    onResume: (resumed) => {
      if (resumed.source) setImage(resumed.source);
      setResult({ url: resumed.url, prompt: null, width: 0, height: 0 });
    },
  });

  function choose(file: File | null) {
    setImage(file);
    setResult(null);
  }

  /** Runs the tool on the chosen photo; `prompt` is the text that will be saved with the result. */
  async function submit(choice: Choice, prompt: string | null = null) {
    const done = await operation.run({ file: image?.file ?? null, choice });
    if (done) setResult({ url: done.url, prompt, width: done.answer.width, height: done.answer.height });
  }

  return { image, result, setResult, choose, submit, operation, charge: config.charge };
}

/** What the layout reads of a tool's state, whatever its options. */
export type SingleImageToolState = Pick<ReturnType<typeof useSingleImageTool>, "image" | "result" | "setResult" | "choose" | "charge"> & {
  operation: { seconds: number };
};
