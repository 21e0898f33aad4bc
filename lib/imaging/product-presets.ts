// The marketplace sizes of the product photo tool, shared by the request shapes, the engine and the
// screens. Each preset says its canvas and the empty border its marketplace expects: Amazon's main
// image wants the product to fill about 85 % of the longer side, on pure white.

export const PRODUCT_PRESETS = {
  amazon: { width: 2000, height: 2000, margin: 7.5 },
  shopify: { width: 2048, height: 2048, margin: 10 },
  etsy: { width: 2700, height: 2025, margin: 10 },
  ebay: { width: 1600, height: 1600, margin: 10 },
  "instagram-square": { width: 1080, height: 1080, margin: 10 },
  "instagram-portrait": { width: 1080, height: 1350, margin: 10 },
} as const;

export type ProductPreset = keyof typeof PRODUCT_PRESETS | "custom";

export const PRODUCT_PRESET_NAMES = [...(Object.keys(PRODUCT_PRESETS) as (keyof typeof PRODUCT_PRESETS)[]), "custom"] as const;

/** The shadows a product may cast on its new background. */
export const PRODUCT_SHADOWS = ["none", "soft", "contact"] as const;
export type ProductShadow = (typeof PRODUCT_SHADOWS)[number];

/** The border of a custom canvas, and the limits of a custom canvas's sides. */
export const DEFAULT_PRODUCT_MARGIN = 10;
export const MAX_PRODUCT_MARGIN = 40;
export const PRODUCT_SIDE = { min: 64, max: 6000 } as const;

/** How far the product may be moved from the centre (% of the canvas's side) and scaled from its fit. */
export const MAX_PRODUCT_OFFSET = 50;
export const PRODUCT_SCALE = { min: 0.25, max: 2 } as const;

/** The user's own placement: the product's centre moved by a share of the canvas, and its size scaled. */
export interface ProductAdjustment {
  /** Percent of the canvas's width, right is positive. */
  offsetX?: number;
  /** Percent of the canvas's height, down is positive. */
  offsetY?: number;
  /** 1 is the size that fits inside the border. */
  scale?: number;
}

export interface ProductBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where the product lands on the canvas: scaled to fit inside the border, then by the user's scale
 * (never larger than the canvas), centred, then moved by the user's offset and kept wholly on the
 * canvas. The engine and the screen's preview both place the product with this.
 */
export function productPlacement(
  product: { width: number; height: number },
  canvas: { width: number; height: number },
  margin: number,
  adjustment: ProductAdjustment = {},
): ProductBox {
  const share = 1 - (2 * margin) / 100;
  const fit = Math.min((canvas.width * share) / product.width, (canvas.height * share) / product.height);
  const scale = Math.min(fit * (adjustment.scale ?? 1), canvas.width / product.width, canvas.height / product.height);
  const width = Math.max(1, Math.round(product.width * scale));
  const height = Math.max(1, Math.round(product.height * scale));
  const left = Math.round((canvas.width - width) / 2 + ((adjustment.offsetX ?? 0) / 100) * canvas.width);
  const top = Math.round((canvas.height - height) / 2 + ((adjustment.offsetY ?? 0) / 100) * canvas.height);
  return {
    left: Math.min(Math.max(0, left), canvas.width - width),
    top: Math.min(Math.max(0, top), canvas.height - height),
    width,
    height,
  };
}
