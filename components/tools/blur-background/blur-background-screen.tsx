"use client";
// The Background Blur screen: upload, choose how strong the blur is (1–10), blur for 1 credit, then
// compare, save and download the PNG. The subject stays sharp; everything behind it is blurred.
import { Aperture } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { RangeField } from "@/components/tools/shared-range-field";
import { SingleImageTool } from "@/components/tools/single-image-tool";
import { useSingleImageTool } from "@/components/tools/use-single-image-tool";

/** The call's default, and its range (lib/tools/registry.server.ts). */
const DEFAULT_STRENGTH = 5;
const MIN_STRENGTH = 1;
const MAX_STRENGTH = 10;

function blurForm(file: File, strength: number): FormData {
  const form = new FormData();
  form.append("image", file);
  form.append("strength", String(strength));
  return form;
}

export function BlurBackgroundScreen() {
  const t = useTranslations("BlurBackground");
  const tf = useTranslations("FillTools");
  const [strength, setStrength] = useState(DEFAULT_STRENGTH);
  const tool = useSingleImageTool<number>("BlurBackground", { form: blurForm, timeout: t("timeout") });
  const busy = tool.operation.busy;

  return (
    <SingleImageTool tool={tool} icon={<Aperture aria-hidden />} madeAgain onSubmit={() => void tool.submit(strength)}>
      <RangeField
        label={tf("strength")}
        valueText={t("strengthValue", { value: strength })}
        value={strength}
        min={MIN_STRENGTH}
        max={MAX_STRENGTH}
        onChange={(next) => {
          setStrength(next);
          tool.setResult(null);
        }}
        disabled={busy}
        ends={[t("strengthLow"), t("strengthHigh")]}
        testId="blur-strength"
      />
    </SingleImageTool>
  );
}
