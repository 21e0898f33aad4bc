// Every tool's landing page: which messages describe it (Landing.tools.<key>, Pages.<key>Title) and
// the facts its words quote, read from the code that enforces them (credit costs, accepted formats,
// the upload limit, upscale sizes) so the page never promises what the tool does not do. Adding a
// tool page: its slugs in lib/i18n/pages.ts, an entry here, its texts in messages/*.json.
import "server-only";
import { CREDIT_COSTS } from "@/lib/credits/costs";
import { CONVERTER_FORMATS, FORMAT_NAMES, MAX_UPLOAD_BYTES, TOOL_FORMATS, type InputFormat } from "@/lib/imaging/input";
import { PRODUCT_PRESET_NAMES, PRODUCT_SIDE } from "@/lib/imaging/product-presets";
import { CARTOON_STYLES } from "@/lib/imaging/types";
import type { LocalizedPage } from "@/lib/i18n/pages";
import { upscaleOutputLimit } from "@/lib/validation/limits";

export type ToolKey =
  | "backgroundRemoval"
  | "objectRemoval"
  | "fluxRemoval"
  | "fileConversion"
  | "textOverlay"
  | "cartoonStyle"
  | "upscale"
  | "expand"
  | "blurBackground"
  | "productPhoto";

/** Translates one message key (`Namespace.key`) of the page's language. */
export type Translate = (key: string) => string;

export interface ToolPage {
  key: ToolKey;
  path: LocalizedPage;
  /** Credits one image costs; 0 for a free tool. */
  cost: number;
  formats: readonly InputFormat[];
  /** The image never leaves the browser unless the visitor saves it. */
  onDevice: boolean;
  /** Words the texts quote from the tool's own screen (button labels, choices), by placeholder. */
  labels: Record<string, string>;
  /** Other figures a tool's texts quote. */
  facts?: (translate: Translate, list: (items: string[]) => string) => Record<string, string | number>;
}

const megapixels = (pixels: number) => Math.round(pixels / 1_000_000);

/** In the order of the editor's tool buttons; the landing's "more tools" links follow it. */
export const TOOL_PAGES: readonly ToolPage[] = [
  {
    key: "backgroundRemoval",
    path: "/background-removal",
    cost: CREDIT_COSTS.background_removal,
    formats: TOOL_FORMATS,
    onDevice: false,
    labels: { button: "BackgroundRemoval.submit" },
  },
  {
    key: "objectRemoval",
    path: "/object-removal",
    cost: CREDIT_COSTS.object_removal,
    formats: TOOL_FORMATS,
    onDevice: false,
    labels: { button: "ObjectRemoval.removeObject", start: "ObjectRemoval.startHighlighting", keepEditing: "ObjectRemoval.keepEditing" },
  },
  {
    key: "fluxRemoval",
    path: "/flux-removal",
    cost: CREDIT_COSTS.object_removal,
    formats: TOOL_FORMATS,
    onDevice: false,
    labels: { button: "FluxRemoval.removeObjects", other: "Pages.objectRemovalTitle" },
  },
  {
    key: "cartoonStyle",
    path: "/cartoon-style",
    cost: CREDIT_COSTS.cartoon_style,
    formats: TOOL_FORMATS,
    onDevice: false,
    labels: { button: "CartoonStyle.submit" },
    facts: (translate, list) => ({ styles: list(CARTOON_STYLES.map((style) => translate(`CartoonStyle.style_${style}`))) }),
  },
  {
    key: "upscale",
    path: "/upscale",
    cost: CREDIT_COSTS.upscale,
    formats: TOOL_FORMATS,
    onDevice: false,
    labels: { button: "Upscale.submit" },
    facts: () => ({ fastMegapixels: megapixels(upscaleOutputLimit("fast")), highMegapixels: megapixels(upscaleOutputLimit("high")) }),
  },
  {
    key: "expand",
    path: "/expand",
    cost: CREDIT_COSTS.expand,
    formats: TOOL_FORMATS,
    onDevice: false,
    labels: { button: "Expand.submit" },
  },
  {
    key: "blurBackground",
    path: "/blur-background",
    cost: CREDIT_COSTS.blur_background,
    formats: TOOL_FORMATS,
    onDevice: false,
    labels: { button: "BlurBackground.submit" },
  },
  {
    key: "productPhoto",
    path: "/product-photo",
    cost: CREDIT_COSTS.product_photo,
    formats: TOOL_FORMATS,
    onDevice: false,
    labels: { button: "ProductPhoto.submit" },
    facts: (translate, list) => ({
      presets: list(PRODUCT_PRESET_NAMES.filter((preset) => preset !== "custom").map((preset) => translate(`FillTools.preset_${preset}`))),
      minSide: PRODUCT_SIDE.min,
      maxSide: PRODUCT_SIDE.max,
    }),
  },
  {
    key: "textOverlay",
    path: "/text-overlay",
    cost: 0,
    formats: TOOL_FORMATS,
    onDevice: true,
    labels: { addText: "TextOverlay.addText" },
  },
  {
    key: "fileConversion",
    path: "/file-conversion",
    cost: 0,
    formats: CONVERTER_FORMATS,
    onDevice: false,
    labels: { button: "FileConversion.submit", convertTo: "FileConversion.convertTo" },
  },
];

export function toolPage(key: ToolKey): ToolPage {
  const page = TOOL_PAGES.find((candidate) => candidate.key === key);
  if (!page) throw new Error(`No landing page is registered for the tool "${key}".`);
  return page;
}

export const MAX_UPLOAD_MEGABYTES = MAX_UPLOAD_BYTES / (1024 * 1024);

export const formatNames = (formats: readonly InputFormat[]) => formats.map((format) => FORMAT_NAMES[format]);
