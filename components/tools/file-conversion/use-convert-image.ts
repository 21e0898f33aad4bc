"use client";
// Converts an image as an image operation without a charge (guests too): the file is read as a
// data URL in the browser and posted to the conversion call; the answer carries `convertedImage`.
import { useTranslations } from "next-intl";
import { useImageOperation, type ResumedResult } from "@/components/imaging/use-image-operation";
import { toast } from "@/components/ui/toaster";
import { qualityFor, readDataUrl, type ImageFormat } from "./formats";

interface ConvertAnswer {
  convertedImage?: string;
  format?: string;
}

export function useConvertImage(onResume: (resumed: ResumedResult) => void) {
  const t = useTranslations("FileConversion");
  const tc = useTranslations("Common");
  return useImageOperation<{ file: File | null; format: ImageFormat }, ConvertAnswer>({
    endpoint: "/api/convert-image",
    validate: ({ file }) => {
      if (file) return true;
      toast.error(t("noImageTitle"), { description: t("noImageBody") });
      return false;
    },
    body: async ({ file, format }) => {
      if (!file) return null;
      try {
        return { json: { image: await readDataUrl(file), format, quality: qualityFor(format) } };
      } catch {
        toast.error(tc("error"), { description: t("failed") });
        return null;
      }
    },
    resultUrl: (answer) => answer.convertedImage,
    texts: { fallback: t("failed"), noResult: t("noResult") },
    onResume,
  });
}
