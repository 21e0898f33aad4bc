"use client";
// The Product Photo screen: upload, choose a marketplace size (or a custom canvas), background,
// shadow and border, move and scale the product in the preview, and make it for 1 credit; then
// compare, save and download the PNG. Up to 20 photos at once make a batch with the same settings,
// downloaded together as a ZIP.
import { Package } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { useToolBatch } from "@/components/tools/batch/use-tool-batch";
import { SingleImageTool } from "@/components/tools/single-image-tool";
import { useImageSize } from "@/components/tools/use-image-size";
import { useSingleImageTool } from "@/components/tools/use-single-image-tool";
import { toast } from "@/components/ui/toaster";
import { MAX_PRODUCT_SIDE, MIN_PRODUCT_SIDE } from "@/lib/imaging/product-presets";
import { INITIAL_PRODUCT_CHOICE, productForm, validSide, type ProductChoice } from "./product-choice";
import { ProductOptions } from "./product-options";
import { ProductPreview } from "./product-preview";

export function ProductPhotoScreen() {
  const t = useTranslations("ProductPhoto");
  const [choice, setChoice] = useState<ProductChoice>(INITIAL_PRODUCT_CHOICE);
  const sizeIsValid = (chosen: ProductChoice) => chosen.preset !== "custom" || (validSide(chosen.width) && validSide(chosen.height));
  const refuseSize = () => toast.error(t("customSizeTitle"), { description: t("customSizeBody", { min: MIN_PRODUCT_SIDE, max: MAX_PRODUCT_SIDE }) });
  const tool = useSingleImageTool<ProductChoice>({
    namespace: "ProductPhoto",
    endpoint: "/api/product-photo",
    charge: "product_photo",
    form: productForm,
    timeout: t("timeout"),
    validate: (chosen) => {
      if (sizeIsValid(chosen)) return true;
      refuseSize();
      return false;
    },
  });
  const bodyFor = useCallback(async (file: File) => ({ form: productForm(file, choice) }), [choice]);
  const icon = <Package aria-hidden />;
  const batch = useToolBatch({
    endpoint: "/api/product-photo",
    charge: "product_photo",
    bodyFor,
    failedText: t("failed"),
    startLabel: (count, credits) => t("startBatch", { count, credits }),
    icon,
    suffix: "-product",
    zipBase: "product-photos",
    onStart: () => tool.choose(null),
    validate: () => {
      if (sizeIsValid(choice)) return true;
      refuseSize();
      return false;
    },
  });
  const size = useImageSize(tool.image?.url ?? null);
  const busy = tool.operation.busy || batch.running;

  function change(next: ProductChoice) {
    setChoice(next);
    tool.setResult(null);
  }

  return (
    <SingleImageTool
      tool={tool}
      namespace="ProductPhoto"
      path="/product-photo"
      savedAs="product_photo"
      engine="productPhoto"
      icon={icon}
      busy={busy}
      madeAgain
      onImages={batch.add}
      onSubmit={() => void tool.submit(choice)}
      stage={batch.stage}
      action={batch.action}
    >
      {tool.image && size && !tool.result && !batch.active && sizeIsValid(choice) && (
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
