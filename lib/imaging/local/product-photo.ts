// Product photos without a network: the cutout model lifts the product from its photo, which is then
// trimmed to its own outline, scaled to fit the canvas inside the requested border, centred (or where
// the user moved and scaled it, product-presets.ts), and laid
// on a flat colour or one of the background tool's scenes, with a shadow under it if asked:
// "soft" is the product's own silhouette, blurred and dropped a little below it; "contact" a tight
// dark ellipse where it stands.
import "server-only";
import sharp, { type OverlayOptions, type Sharp } from "sharp";
import { decodeRgba } from "../asset";
import { UnprocessableImageError } from "../errors";
import type { EngineFunction } from "../engine/run";
import { oneOf } from "../engine/run";
import { PRODUCT_SHADOWS, productPlacement, type ProductBox, type ProductShadow } from "../product-presets";
import { BACKGROUND_PRESETS, type BackgroundPreset, type ImageAsset } from "../types";
import { cutOutSubject } from "./cutout";
import { renderBackdrop } from "./backdrops";
import { pixelBounds } from "./pixels";

/** Alpha below this is the model's haze around the product, not the product. */
const OUTLINE_ALPHA = 16;

type Placement = ProductBox;

/** A product photo's backdrop: a flat colour (#rrggbb) or one of the background tool's scenes. */
export type ProductBackground = { colour: string } | { backdrop: Exclude<BackgroundPreset, "none"> };

export interface ProductPhotoInput {
  image: ImageAsset;
  width: number;
  height: number;
  background: ProductBackground;
  shadow: ProductShadow;
  /** The empty border around the product, as a percentage of the canvas's sides. */
  margin: number;
  /** The user's placement (product-presets.ts `ProductAdjustment`); centred at its fitting size when absent. */
  offsetX?: number;
  offsetY?: number;
  scale?: number;
}

/** A recorded product photo operation: its canvas, backdrop, shadow, border and placement, read back. */
export const productPhotoRun: EngineFunction = ({ operation, params, image, signal }) => {
  const backdrop = oneOf(BACKGROUND_PRESETS, params.backdrop);
  const shadow = oneOf<ProductShadow>(PRODUCT_SHADOWS, params.shadow);
  if (!params.width || !params.height || !shadow || (!backdrop && !params.colour)) throw new Error(`Operation ${operation.id} has no product photo settings`);
  const background: ProductBackground = backdrop && backdrop !== "none" ? { backdrop } : { colour: params.colour ?? "#ffffff" };
  const settings: ProductPhotoInput = {
    image: image(),
    width: params.width,
    height: params.height,
    background,
    shadow,
    margin: params.margin ?? 10,
    offsetX: params.offsetX,
    offsetY: params.offsetY,
    scale: params.productScale,
  };
  return productPhotoLocal(settings, signal);
};

export async function productPhotoLocal(input: ProductPhotoInput, signal?: AbortSignal): Promise<ImageAsset> {
  const pixels = await decodeRgba(input.image);
  const cutout = await cutOutSubject(pixels, signal);
  const outline = outlineOf(cutout.data, cutout.width, cutout.height);
  if (!outline) throw new UnprocessableImageError("No product was found in the photo. Try a photo where the product stands out from its background.");
  const product = await sharp(cutout.data, { raw: { width: cutout.width, height: cutout.height, channels: 4 } })
    .extract(outline)
    .png()
    .toBuffer();

  const { width, height } = input;
  const place = productPlacement(outline, { width, height }, input.margin, { offsetX: input.offsetX, offsetY: input.offsetY, scale: input.scale });
  const resized = await sharp(product).resize(place.width, place.height, { fit: "fill" }).png().toBuffer();
  const layers: OverlayOptions[] = [];
  if (input.shadow !== "none") layers.push(...(await shadowLayers(input.shadow, resized, place, width, height)));
  layers.push({ input: resized, left: place.left, top: place.top });
  signal?.throwIfAborted();
  const buffer = await (await background(input, width, height)).composite(layers).removeAlpha().png().toBuffer();
  return { buffer, contentType: "image/png", width, height };
}

/** The box around every pixel of the product. */
function outlineOf(data: Buffer, width: number, height: number): { left: number; top: number; width: number; height: number } | null {
  const box = pixelBounds(width, height, (index) => (data[index * 4 + 3] ?? 0) >= OUTLINE_ALPHA);
  return box && { left: box.x0, top: box.y0, width: box.x1 - box.x0 + 1, height: box.y1 - box.y0 + 1 };
}

async function background(input: ProductPhotoInput, width: number, height: number): Promise<Sharp> {
  if ("backdrop" in input.background) {
    return sharp(
      await sharp(await renderBackdrop(input.background.backdrop, width, height))
        .resize(width, height, { fit: "cover" })
        .png()
        .toBuffer(),
    );
  }
  return sharp({ create: { width, height, channels: 4, background: input.background.colour } });
}

/** The shadow, as layers over the background and under the product, clipped to the canvas. */
async function shadowLayers(shadow: "soft" | "contact", product: Buffer, place: Placement, width: number, height: number): Promise<OverlayOptions[]> {
  if (shadow === "contact") {
    const ellipseWidth = Math.max(4, Math.round(place.width * 0.8));
    const ellipseHeight = Math.max(2, Math.round(Math.max(place.width * 0.06, place.height * 0.03)));
    const pad = ellipseHeight * 2;
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${ellipseWidth + 2 * pad}" height="${ellipseHeight + 2 * pad}">` +
      `<ellipse cx="${ellipseWidth / 2 + pad}" cy="${ellipseHeight / 2 + pad}" rx="${ellipseWidth / 2}" ry="${ellipseHeight / 2}" fill="#000" fill-opacity="0.55"/></svg>`;
    const blurred = await sharp(Buffer.from(svg))
      .blur(Math.max(0.5, ellipseHeight / 4))
      .png()
      .toBuffer();
    // Centred on the product's base line: half of it shows below the product.
    const left = place.left + Math.round((place.width - ellipseWidth) / 2) - pad;
    const top = place.top + place.height - Math.round(ellipseHeight / 2) - pad;
    return [await clipped(blurred, left, top, width, height)];
  }
  // The silhouette flattened to a third of its height, as cast on the floor by light from above and
  // in front, dark and translucent, blurred, its top hidden behind the product's lower part.
  const flatHeight = Math.max(1, Math.round(place.height / 3));
  const sigma = Math.max(1, place.height * 0.025);
  const pad = Math.ceil(sigma * 3);
  const { data: silhouette, info } = await sharp(product)
    .ensureAlpha()
    .extractChannel(3)
    .resize(place.width, flatHeight, { fit: "fill" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const layerWidth = place.width + 2 * pad;
  const layerHeight = flatHeight + 2 * pad;
  const dark = Buffer.alloc(layerWidth * layerHeight * 4);
  for (let y = 0; y < flatHeight; y += 1) {
    for (let x = 0; x < place.width; x += 1) {
      dark[((y + pad) * layerWidth + x + pad) * 4 + 3] = Math.round((silhouette[(y * place.width + x) * info.channels] ?? 0) * 0.45);
    }
  }
  const layer = await sharp(dark, { raw: { width: layerWidth, height: layerHeight, channels: 4 } })
    .blur(sigma)
    .png()
    .toBuffer();
  const left = place.left - pad;
  const top = place.top + place.height - Math.round(flatHeight * 0.6) - pad;
  return [await clipped(layer, left, top, width, height)];
}

/** An overlay cut to the part that lies on the canvas (sharp refuses overlays that stick out). */
async function clipped(layer: Buffer, left: number, top: number, width: number, height: number): Promise<OverlayOptions> {
  const meta = await sharp(layer).metadata();
  const layerWidth = meta.width ?? 0;
  const layerHeight = meta.height ?? 0;
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(width, left + layerWidth);
  const y1 = Math.min(height, top + layerHeight);
  if (x1 <= x0 || y1 <= y0) return { input: { create: { width: 1, height: 1, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }, left: 0, top: 0 };
  const input = await sharp(layer)
    .extract({ left: x0 - left, top: y0 - top, width: x1 - x0, height: y1 - y0 })
    .png()
    .toBuffer();
  return { input, left: x0, top: y0 };
}
