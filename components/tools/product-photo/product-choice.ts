// What the product photo screen sends: the marketplace preset (or a custom canvas), the background
// (white, a colour or one of the backdrop scenes), the shadow, the border, and where the
// user moved and scaled the product. The canvas and the placement come from the same module as the
// engine's (lib/imaging/product-presets.ts), so the preview is laid out as the result will be.
import { DEFAULT_PRODUCT_MARGIN, MAX_PRODUCT_OFFSET, PRODUCT_PRESETS, PRODUCT_SIDE, type ProductPreset } from "@/lib/imaging/product-presets";
import type { ProductShadow } from "@/lib/imaging/product-presets";
import type { BackgroundPreset } from "@/lib/imaging/types";

export type ProductBackdrop = Exclude<BackgroundPreset, "none">;
export type ProductBackgroundChoice = { kind: "white" } | { kind: "colour"; colour: string } | { kind: "backdrop"; backdrop: ProductBackdrop };

export interface ProductChoice {
  preset: ProductPreset;
  /** The custom canvas; ignored for a marketplace preset. */
  width: number;
  height: number;
  background: ProductBackgroundChoice;
  shadow: ProductShadow;
  /** The empty border, % of the canvas's sides. */
  margin: number;
  offsetX: number;
  offsetY: number;
  scale: number;
}

export const INITIAL_PRODUCT_CHOICE: ProductChoice = {
  preset: "amazon",
  width: 1200,
  height: 1200,
  background: { kind: "white" },
  shadow: "none",
  margin: PRODUCT_PRESETS.amazon.margin,
  offsetX: 0,
  offsetY: 0,
  scale: 1,
};

/** The border a preset starts with. */
export const presetMargin = (preset: ProductPreset) => (preset === "custom" ? DEFAULT_PRODUCT_MARGIN : PRODUCT_PRESETS[preset].margin);

export function canvasOf(choice: Pick<ProductChoice, "preset" | "width" | "height">): { width: number; height: number } {
  const { width, height } = choice.preset === "custom" ? choice : PRODUCT_PRESETS[choice.preset];
  return { width, height };
}

export const validSide = (side: number) => Number.isInteger(side) && side >= PRODUCT_SIDE.min && side <= PRODUCT_SIDE.max;

/** A marketplace preset, or a custom canvas whose sides are within the limits. */
export const validCanvas = (choice: Pick<ProductChoice, "preset" | "width" | "height">) =>
  choice.preset !== "custom" || (validSide(choice.width) && validSide(choice.height));

/** An offset as the call takes it: a percentage, kept within its limits and to one decimal. */
export const clampOffset = (offset: number) => Math.round(Math.min(MAX_PRODUCT_OFFSET, Math.max(-MAX_PRODUCT_OFFSET, offset)) * 10) / 10;

/** The background as the call writes it: "white", "#rrggbb" or a backdrop's name. */
export function backgroundValue(background: ProductBackgroundChoice): string {
  if (background.kind === "colour") return background.colour.toLowerCase();
  return background.kind === "backdrop" ? background.backdrop : "white";
}

export function productForm(file: File, choice: ProductChoice): FormData {
  const form = new FormData();
  form.append("image", file);
  form.append("preset", choice.preset);
  if (choice.preset === "custom") {
    form.append("width", String(choice.width));
    form.append("height", String(choice.height));
  }
  form.append("background", backgroundValue(choice.background));
  form.append("shadow", choice.shadow);
  form.append("margin", String(choice.margin));
  if (choice.offsetX !== 0) form.append("offsetX", String(choice.offsetX));
  if (choice.offsetY !== 0) form.append("offsetY", String(choice.offsetY));
  if (choice.scale !== 1) form.append("scale", String(choice.scale));
  return form;
}
