// Every tool of the product, one entry each: the one place its id, page slugs, messages, icon, price,
// operation, gallery label, stage, API call and documentation are written. Pages, the sitemap,
// hreflang, the editor's shortcuts, gallery labels, costs, key acceptance and the OpenAPI document
// are derived from it (lib/tools/derive.ts). Data only, safe on the client; the server part of each
// entry (request schemas, landing-page figures, provider settings) is lib/tools/server.ts.
// The order is the landing pages' order ("more tools" links), and the OpenAPI document's.
import type { ToolEntry } from "./types";

/** What every one-image screen of the kit shows besides its own words. */
const KIT = ["Common", "Credits", "Imaging", "Recipe", "SaveDialog", "ServerErrors", "Toasts"] as const;

export const TOOLS = [
  {
    id: "generate",
    namespace: "Editor",
    icon: "sparkles",
    kind: "generate",
    engine: "generate",
    providerSetting: "IMAGE_PROVIDER_GENERATE",
    cost: 2,
    gallery: "text_to_image",
    stage: "generating",
    makesResult: true,
    aiLabel: "generated",
    api: { method: "POST", path: "/api/flux/generate", keys: true, spends: true, doc: { summary: "Generate images from a prompt" } },
  },
  {
    id: "edit",
    namespace: "Editor",
    icon: "wand",
    kind: "edit",
    engine: "edit",
    providerSetting: "IMAGE_PROVIDER_EDIT",
    cost: 3,
    gallery: "ai_edit",
    stage: "editing",
    makesResult: true,
    aiLabel: "edited",
    api: {
      method: "POST",
      path: "/api/flux/edit",
      keys: true,
      spends: true,
      doc: {
        summary: "Edit an image, remove its background, or cartoonize it",
        description:
          "Send multipart/form-data with `image` and `operation` (`edit`, `background_removal` or `cartoon_style`), or JSON `{prompt, imageUrl}` for a prompt-based edit of a data URL or one of your results.",
      },
    },
  },
  {
    id: "backgroundRemoval",
    namespace: "BackgroundRemoval",
    icon: "eraser",
    page: {
      slugs: { en: "/background-removal", es: "/quitar-fondo", fr: "/supprimer-arriere-plan", de: "/hintergrund-entfernen", zh: "/抠图", ja: "/背景削除" },
      screenMessages: ["BackgroundRemoval", "Batch", ...KIT],
      formats: "tool",
      onDevice: false,
      labels: { button: "BackgroundRemoval.submit" },
    },
    editorButton: { label: "toolBackground", position: 1 },
    singleImage: true,
    kind: "background_removal",
    engine: "removeBackground",
    providerSetting: "IMAGE_PROVIDER_BACKGROUND",
    cost: 1,
    gallery: "bg_removal",
    stage: "removing_background",
    makesResult: true,
    aiLabel: "composite",
    api: { method: "POST", path: "/api/flux/edit", keys: true, spends: true },
  },
  {
    id: "objectRemoval",
    namespace: "ObjectRemoval",
    icon: "scissors",
    page: {
      slugs: {
        en: "/object-removal",
        es: "/borrar-objetos-de-fotos",
        fr: "/effacer-objet-photo",
        de: "/objekte-entfernen",
        zh: "/消除物体",
        ja: "/不要物除去",
      },
      screenMessages: ["ObjectRemoval", "FillTools", "Pages", "TapSelect", ...KIT],
      formats: "tool",
      onDevice: false,
      labels: { button: "ObjectRemoval.removeObject", start: "ObjectRemoval.startHighlighting", keepEditing: "ObjectRemoval.keepEditing" },
    },
    editorButton: { label: "toolObject", position: 2 },
    kind: "object_removal",
    engine: "removeObject",
    providerSetting: "IMAGE_PROVIDER_OBJECT_REMOVAL",
    cost: 1,
    gallery: "object_removal",
    stage: "removing_object",
    makesResult: true,
    aiLabel: "composite",
    api: { method: "POST", path: "/api/openai/object-removal", keys: true, spends: true, doc: { summary: "Remove what a mask marks" } },
  },
  {
    id: "fluxRemoval",
    namespace: "FluxRemoval",
    icon: "scissors",
    page: {
      slugs: { en: "/flux-removal", es: "/borrar-objetos-con-ia", fr: "/effacer-objet-ia", de: "/objekte-entfernen-ki", zh: "/AI消除", ja: "/AI消しゴム" },
      screenMessages: ["FluxRemoval", "FillTools", "Pages", "TapSelect", ...KIT],
      formats: "tool",
      onDevice: false,
      labels: { button: "FluxRemoval.removeObjects", other: "Pages.objectRemovalTitle" },
    },
    kind: "object_removal",
    engine: "removeObject",
    providerSetting: "IMAGE_PROVIDER_OBJECT_REMOVAL",
    cost: 1,
    gallery: "object_removal",
    stage: "removing_object",
    makesResult: true,
    aiLabel: "composite",
    api: { method: "POST", path: "/api/openai/object-removal", keys: true, spends: true },
  },
  {
    id: "cartoonStyle",
    namespace: "CartoonStyle",
    icon: "palette",
    page: {
      slugs: { en: "/cartoon-style", es: "/foto-a-caricatura", fr: "/photo-en-dessin-anime", de: "/foto-zu-cartoon", zh: "/照片卡通化", ja: "/アニメ風加工" },
      screenMessages: ["CartoonStyle", ...KIT],
      formats: "tool",
      onDevice: false,
      labels: { button: "CartoonStyle.submit" },
    },
    editorButton: { label: "toolCartoon", position: 3 },
    singleImage: true,
    kind: "cartoon_style",
    engine: "cartoonize",
    providerSetting: "IMAGE_PROVIDER_CARTOON",
    cost: 3,
    gallery: "cartoon_style",
    stage: "cartoonizing",
    makesResult: true,
    aiLabel: "composite",
    api: { method: "POST", path: "/api/flux/edit", keys: true, spends: true },
  },
  {
    id: "upscale",
    namespace: "Upscale",
    icon: "maximize",
    page: {
      slugs: { en: "/upscale", es: "/mejorar-resolucion", fr: "/agrandir-image", de: "/bild-hochskalieren", zh: "/图片无损放大", ja: "/画像高画質化" },
      screenMessages: ["Upscale", ...KIT],
      formats: "tool",
      onDevice: false,
      labels: { button: "Upscale.submit" },
    },
    editorButton: { label: "toolUpscale", position: 5 },
    singleImage: true,
    kind: "upscale",
    engine: "upscale",
    providerSetting: "IMAGE_PROVIDER_UPSCALE",
    cost: 2,
    gallery: "upscale",
    stage: "upscaling",
    makesResult: true,
    aiLabel: "composite",
    api: { method: "POST", path: "/api/upscale", keys: true, spends: true, doc: { summary: "Upscale an image 2× or 4×" } },
  },
  {
    id: "expand",
    namespace: "Expand",
    icon: "expand",
    page: {
      slugs: { en: "/expand", es: "/ampliar-imagen", fr: "/etendre-image", de: "/bild-erweitern", zh: "/AI扩图", ja: "/画像拡張" },
      screenMessages: ["Expand", "FillTools", ...KIT],
      formats: "tool",
      onDevice: false,
      labels: { button: "Expand.submit" },
    },
    editorButton: { label: "toolExpand", position: 6 },
    singleImage: true,
    kind: "expand",
    engine: "expand",
    providerSetting: "IMAGE_PROVIDER_EXPAND",
    cost: 2,
    gallery: "expand",
    stage: "expanding",
    makesResult: true,
    aiLabel: "composite",
    api: { method: "POST", path: "/api/expand", keys: true, spends: true, doc: { summary: "Extend a photo beyond its edges" } },
  },
  {
    id: "blurBackground",
    namespace: "BlurBackground",
    icon: "aperture",
    page: {
      slugs: { en: "/blur-background", es: "/desenfocar-fondo", fr: "/flouter-arriere-plan", de: "/hintergrund-unscharf", zh: "/背景虚化", ja: "/背景ぼかし" },
      screenMessages: ["BlurBackground", "FillTools", ...KIT],
      formats: "tool",
      onDevice: false,
      labels: { button: "BlurBackground.submit" },
    },
    editorButton: { label: "toolBlur", position: 7 },
    singleImage: true,
    kind: "blur_background",
    engine: "blurBackground",
    cost: 1,
    gallery: "blur_background",
    stage: "blurring_background",
    makesResult: true,
    aiLabel: "composite",
    api: { method: "POST", path: "/api/blur-background", keys: true, spends: true, doc: { summary: "Blur a photo's background" } },
  },
  {
    id: "productPhoto",
    namespace: "ProductPhoto",
    icon: "package",
    page: {
      slugs: { en: "/product-photo", es: "/fotos-de-producto", fr: "/photo-produit", de: "/produktfoto", zh: "/商品图", ja: "/商品写真" },
      // The batch names its files with the background removal tool's words.
      screenMessages: ["ProductPhoto", "BackgroundRemoval", "Batch", "FillTools", ...KIT],
      formats: "tool",
      onDevice: false,
      labels: { button: "ProductPhoto.submit" },
    },
    editorButton: { label: "toolProduct", position: 8 },
    singleImage: true,
    kind: "product_photo",
    engine: "productPhoto",
    cost: 1,
    gallery: "product_photo",
    stage: "making_product_photo",
    makesResult: true,
    aiLabel: "composite",
    api: { method: "POST", path: "/api/product-photo", keys: true, spends: true, doc: { summary: "Put a product on a new background" } },
  },
  {
    id: "textOverlay",
    namespace: "TextOverlay",
    icon: "type",
    page: {
      slugs: { en: "/text-overlay", es: "/agregar-texto-a-imagen", fr: "/ajouter-texte-image", de: "/text-auf-bild", zh: "/图片加文字", ja: "/画像に文字入れ" },
      screenMessages: ["TextOverlay", "Common", "Imaging", "Pages", "SaveDialog", "ServerErrors", "Toasts"],
      formats: "tool",
      onDevice: true,
      labels: { addText: "TextOverlay.addText" },
    },
    editorButton: { label: "toolText", position: 4 },
    // Drawn in the browser: no operation, no charge, no stage.
    kind: null,
    engine: null,
    cost: 0,
    gallery: "text_overlay",
    stage: null,
    makesResult: false,
    aiLabel: null,
  },
  {
    id: "fileConversion",
    namespace: "FileConversion",
    icon: "refresh",
    page: {
      slugs: { en: "/file-conversion", es: "/convertir-imagenes", fr: "/convertir-image", de: "/bild-umwandeln", zh: "/图片格式转换", ja: "/画像形式変換" },
      screenMessages: ["FileConversion", "Batch", "Common", "Imaging", "SaveDialog", "ServerErrors", "Toasts"],
      formats: "converter",
      onDevice: false,
      labels: { button: "FileConversion.submit", convertTo: "FileConversion.convertTo" },
    },
    kind: "convert",
    engine: "convert",
    providerSetting: "IMAGE_PROVIDER_CONVERT",
    cost: 0,
    gallery: "conversion",
    stage: "converting",
    makesResult: true,
    aiLabel: "source",
    api: { method: "POST", path: "/api/convert-image", keys: true, spends: false, open: true, doc: { summary: "Convert an image to another format (free)" } },
  },
  {
    // Tap-to-select on the removal screens: a free call whose mask is a working file, not a result.
    id: "segment",
    namespace: "TapSelect",
    icon: "scissors",
    kind: "segment",
    // Always the local model, outside the providers' interface.
    engine: null,
    cost: 0,
    gallery: null,
    stage: "selecting",
    makesResult: false,
    aiLabel: null,
    api: { method: "POST", path: "/api/segment", keys: true, spends: false, doc: { summary: "Select an object from points on it (free)" } },
  },
] as const satisfies readonly ToolEntry[];

export type ToolId = (typeof TOOLS)[number]["id"];
type Tool = (typeof TOOLS)[number];

/** The image providers' methods, one per engine operation a tool names. */
export type EngineOperation = NonNullable<Tool["engine"]>;

/** The operation kinds some tool charges for. */
export type ChargeableKind = NonNullable<Exclude<Tool, { cost: 0 }>["kind"]>;

/** The tools whose screen is the one-image kit, by the message namespace the screen names them with. */
export type SingleImageNamespace = Extract<Tool, { singleImage: true }>["namespace"];

/** The tools with a landing page of their own. */
export type PageToolId = Extract<Tool, { page: object }>["id"];

/** One tool's entry; throws for an id the registry does not have. */
export function toolById(id: string, tools: readonly ToolEntry[] = TOOLS): ToolEntry {
  const entry = tools.find((candidate) => candidate.id === id);
  if (!entry) throw new Error(`The tool registry has no tool "${id}".`);
  return entry;
}
