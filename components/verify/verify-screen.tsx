"use client";
// /verify: anyone drops or picks an image and reads what its Content Credentials say (the verdict,
// lib/provenance/verify-image.ts on the server). Free, with no sign-in; the image is shown from the
// browser's own copy and the server keeps nothing of it.
import { RotateCcw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useErrorMessage } from "@/components/auth/use-error-message";
import { CONVERTER_ACCEPT, ImageDropzone, MAX_IMAGE_BYTES } from "@/components/imaging/image-dropzone";
import { ToolLayout } from "@/components/tools/tool-layout";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api/client";
import { CredentialsVerdict } from "./credentials-verdict";
import { useVerifyImage } from "./use-verify-image";

/** Refusals the page words itself; anything else reads as the server says. */
const REFUSALS = ["unsupported_image_type", "image_too_large", "image_too_many_pixels", "invalid_image"] as const;

export function VerifyScreen() {
  const t = useTranslations("Verify");
  const describe = useErrorMessage();
  const verify = useVerifyImage();
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (file: File) => {
    setPreview(URL.createObjectURL(file));
    verify.mutate(file);
  };
  const reset = () => {
    setPreview(null);
    verify.reset();
  };
  const refusal = verify.error instanceof ApiError ? REFUSALS.find((code) => code === (verify.error as ApiError).code) : undefined;

  return (
    <ToolLayout title={t("title")} description={t("description")}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        {preview ? (
          <Card className="grid gap-3 p-3">
            {/* eslint-disable-next-line @next/next/no-img-element -- the visitor's own file, shown from the browser */}
            <img src={preview} alt={t("previewAlt")} className="bg-muted max-h-96 w-full rounded-lg object-contain" />
            <Button variant="outline" onClick={reset} className="w-full sm:w-fit">
              <RotateCcw aria-hidden />
              {t("another")}
            </Button>
          </Card>
        ) : (
          <ImageDropzone onImage={choose} accept={CONVERTER_ACCEPT} maxSize={MAX_IMAGE_BYTES} hint={t("dropHint")} />
        )}
        <div aria-live="polite" aria-busy={verify.isPending} data-testid="verify-result" className="min-w-0">
          {verify.isPending && (
            <p className="text-muted-foreground flex items-center gap-2">
              <Spinner aria-hidden />
              {t("checking")}
            </p>
          )}
          {verify.isError && (
            <p role="alert" className="text-destructive font-medium">
              {refusal ? t(`refusals.${refusal}`) : describe(verify.error)}
            </p>
          )}
          {verify.data && <CredentialsVerdict report={verify.data} />}
          {verify.isIdle && <p className="text-muted-foreground">{t("idle")}</p>}
        </div>
      </div>
    </ToolLayout>
  );
}
