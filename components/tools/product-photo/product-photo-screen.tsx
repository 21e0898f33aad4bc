"use client";
// The Product Photo screen: upload, choose a marketplace size (or a custom canvas), background,
// shadow and border, move and scale the product in the preview, and make it for 1 credit; then
// compare, save and download the PNG. Up to 20 photos at once make a batch with the same settings,
// downloaded together as a ZIP.
import { Package } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useToolBatch } from "@/components/tools/batch/use-tool-batch";
import { SingleImageTool } from "@/components/tools/single-image-tool";
import { useImageSize } from "@/components/tools/use-image-size";
import { useSingleImageTool } from "@/components/tools/use-single-image-tool";
import { toast } from "@/components/ui/toaster";
import { PRODUCT_SIDE } from "@/lib/imaging/product-presets";
import { INITIAL_PRODUCT_CHOICE, productForm, validCanvas, type ProductChoice } from "./product-choice";
import { ProductOptions } from "./product-options";
import { ProductPreview } from "./product-preview";

/** A batch's results: "photo-1-product.png" inside "product-photos-….zip". */
const BATCH_FILES = { suffix: "-product", zip: "product-photos" };

export function ProductPhotoScreen() {
  const t = useTranslations("ProductPhoto");
  const [choice, setChoice] = useState<ProductChoice>(INITIAL_PRODUCT_CHOICE);
  const tool = useSingleImageTool<ProductChoice>("ProductPhoto", {
    form: productForm,
    timeout: t("timeout"),
    validate: (chosen) => {
      if (validCanvas(chosen)) return true;
      toast.error(t("customSizeTitle"), { description: t("customSizeBody", { min: PRODUCT_SIDE.min, max: PRODUCT_SIDE.max }) });
      return false;
    },
  });
  const icon = <Package aria-hidden />;
  const batch = useToolBatch(tool, { form: productForm, choice, icon, files: BATCH_FILES });
  const size = useImageSize(tool.image?.url ?? null);
  const busy = tool.operation.busy || batch.running;

  function change(next: ProductChoice) {
    setChoice(next);
    tool.setResult(null);
  }

  return (
    <SingleImageTool tool={tool} icon={icon} madeAgain batch={batch} onSubmit={() => void tool.submit(choice)}>
      {tool.image && size && !tool.result && !batch.active && validCanvas(choice) && (
        <ProductPreview
          imageUrl={tool.image.url}
          size={size}
          choice={choice}
          onMove={(offsetX, offsetY) => change({ ...choice, offsetX, offsetY })}
          disabled={busy}
        />
      )}
      <ProductOptions choice={choice} onChange={change} disabled={busy} />
    </SingleImageTool>
  );
}
