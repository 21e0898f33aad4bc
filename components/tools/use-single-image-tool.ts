"use client";
// The state of a one-image AI tool: the chosen photo, the result, and the operation that turns one
// into the other. A tool names its row of SINGLE_IMAGE_TOOLS and says what it sends (its form) and
// what it checks before credits; "No Image", the credit check, progress, resume after a reload and
// the failure messages come from the kit.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useImageOperation } from "@/components/imaging/use-image-operation";
import { toast } from "@/components/ui/toaster";
import type { ImageResult } from "@/lib/validation/imaging";
import { useLocalImage } from "./shared-image-stage";
import { SINGLE_IMAGE_TOOLS, type SingleImageNamespace } from "./single-image-tools";

export interface SingleImageToolConfig<Choice> {
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

export function useSingleImageTool<Choice>(namespace: SingleImageNamespace, config: SingleImageToolConfig<Choice>) {
  const t = useTranslations(namespace);
  const facts = SINGLE_IMAGE_TOOLS[namespace];
  const [image, setImage] = useLocalImage();
  const [result, setResult] = useState<SingleImageResult | null>(null);
  const operation = useImageOperation<{ file: File | null; choice: Choice }, ImageResult>({
    endpoint: facts.call,
    charge: facts.charge,
    validate: ({ file, choice }) => {
      if (!file) {
        toast.error(t("noImageTitle"), { description: t("noImageBody") });
        return false;
      }
      return check(choice);
    },
    body: ({ file, choice }) => (file ? { form: config.form(file, choice) } : null),
    texts: { fallback: t("failed"), moderated: config.moderated, timeout: config.timeout, noResult: t("noResult") },
    onResume: (resumed) => {
      if (resumed.source) setImage(resumed.source);
      setResult({ url: resumed.url, prompt: null, width: 0, height: 0 });
    },
  });

  /** The tool's own checks of a choice (after its toast when refused); batches ask them too. */
  function check(choice: Choice): boolean {
    return config.validate ? config.validate(choice) : true;
  }

  function choose(file: File | null) {
    setImage(file);
    setResult(null);
  }

  /** Runs the tool on the chosen photo; `prompt` is the text that will be saved with the result. */
  async function submit(choice: Choice, prompt: string | null = null) {
    const done = await operation.run({ file: image?.file ?? null, choice });
    if (done) setResult({ url: done.url, prompt, width: done.answer.width, height: done.answer.height });
  }

  return { namespace, image, result, setResult, choose, check, submit, operation };
}

/** What the layout and a batch read of a tool's state, whatever its options. */
export type SingleImageToolState = Pick<ReturnType<typeof useSingleImageTool>, "namespace" | "image" | "result" | "setResult" | "choose"> & {
  operation: { seconds: number; busy: boolean };
};
