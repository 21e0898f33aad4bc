// The one-image AI tools, one row each: the message namespace that names the tool, the call it
// makes, what it charges, how its results are filed in the gallery, the engine operation it runs,
// and its page (so signing up comes back to it). Screens name their row; the kit reads the rest.
import type { ChargeableOperation } from "@/lib/credits/costs";
import type { EngineOperation } from "@/lib/imaging/types";
import type { SavedImageTool } from "@/lib/validation/gallery";

interface SingleImageToolFacts {
  call: string;
  charge: ChargeableOperation;
  savedAs: SavedImageTool;
  engine: EngineOperation;
  page: string;
}

export const SINGLE_IMAGE_TOOLS = {
  BackgroundRemoval: { call: "/api/flux/edit", charge: "background_removal", savedAs: "bg_removal", engine: "removeBackground", page: "/background-removal" },
  CartoonStyle: { call: "/api/flux/edit", charge: "cartoon_style", savedAs: "cartoon_style", engine: "cartoonize", page: "/cartoon-style" },
  Upscale: { call: "/api/upscale", charge: "upscale", savedAs: "upscale", engine: "upscale", page: "/upscale" },
  Expand: { call: "/api/expand", charge: "expand", savedAs: "expand", engine: "expand", page: "/expand" },
  BlurBackground: { call: "/api/blur-background", charge: "blur_background", savedAs: "blur_background", engine: "blurBackground", page: "/blur-background" },
  ProductPhoto: { call: "/api/product-photo", charge: "product_photo", savedAs: "product_photo", engine: "productPhoto", page: "/product-photo" },
} as const satisfies Record<string, SingleImageToolFacts>;

/** The message namespaces of the one-image tools: each has the kit's keys (title, submit, busy, failed…). */
export type SingleImageNamespace = keyof typeof SINGLE_IMAGE_TOOLS;
