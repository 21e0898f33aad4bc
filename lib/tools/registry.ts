// Every tool of the product, one entry each: the one place its id, page slugs, messages, icon, price,
// operation, gallery label, stage and API call are written. Pages, the sitemap, hreflang, the
// editor's shortcuts, gallery labels, costs and key acceptance are derived from it
// (lib/tools/derive.ts). Data only, safe on the client, and in every page's scripts: what only the
// server reads (provider settings, AI labels, documentation, landing texts, request schemas) is the
// tool's entry in the registry's server part (lib/tools/registry.server.ts), and what workers run
// its entry in the engine part (lib/tools/registry.engine.ts).
// The order is the landing pages' order ("more tools" links), and the OpenAPI document's.
import type { ToolEntry } from "./types";

/**
 * The operation both removal tools run (Flux removal is object removal's screen configured otherwise):
 * one call, one operation kind, so one price, stage and gallery label, written once.
 */
const OBJECT_REMOVAL_OPERATION = {
  kind: "object_removal",
  engine: "removeObject",
  cost: 1,
  gallery: "object_removal",
  stage: "removing_object",
  makesResult: true,
  call: "/api/openai/object-removal",
} as const;

export const TOOLS = [
  {
    id: "generate",
    namespace: "Editor",
    icon: "sparkles",
    kind: "generate",
    engine: "generate",
    cost: 2,
    gallery: "text_to_image",
    stage: "generating",
    makesResult: true,
    call: "/api/flux/generate",
  },
  {
    id: "edit",
    namespace: "Editor",
    icon: "wand",
    kind: "edit",
    engine: "edit",
    cost: 3,
    gallery: "ai_edit",
    stage: "editing",
    makesResult: true,
    call: "/api/flux/edit",
  },
  {
    id: "backgroundRemoval",
    namespace: "BackgroundRemoval",
    icon: "eraser",
    page: {
      slugs: { en: "/background-removal", es: "/quitar-fondo", fr: "/supprimer-arriere-plan", de: "/hintergrund-entfernen", zh: "/抠图", ja: "/背景削除" },
    },
    singleImage: true,
    kind: "background_removal",
    engine: "removeBackground",
    cost: 1,
    gallery: "bg_removal",
    stage: "removing_background",
    makesResult: true,
    call: "/api/flux/edit",
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
    },
    ...OBJECT_REMOVAL_OPERATION,
  },
  {
    id: "fluxRemoval",
    namespace: "FluxRemoval",
    icon: "scissors",
    page: {
      slugs: { en: "/flux-removal", es: "/borrar-objetos-con-ia", fr: "/effacer-objet-ia", de: "/objekte-entfernen-ki", zh: "/AI消除", ja: "/AI消しゴム" },
    },
    ...OBJECT_REMOVAL_OPERATION,
  },
  {
    id: "cartoonStyle",
    namespace: "CartoonStyle",
    icon: "palette",
    page: {
      slugs: { en: "/cartoon-style", es: "/foto-a-caricatura", fr: "/photo-en-dessin-anime", de: "/foto-zu-cartoon", zh: "/照片卡通化", ja: "/アニメ風加工" },
    },
    singleImage: true,
    kind: "cartoon_style",
    engine: "cartoonize",
    cost: 3,
    gallery: "cartoon_style",
    stage: "cartoonizing",
    makesResult: true,
    call: "/api/flux/edit",
  },
  {
    id: "upscale",
    namespace: "Upscale",
    icon: "maximize",
    page: {
      slugs: { en: "/upscale", es: "/mejorar-resolucion", fr: "/agrandir-image", de: "/bild-hochskalieren", zh: "/图片无损放大", ja: "/画像高画質化" },
    },
    singleImage: true,
    kind: "upscale",
    engine: "upscale",
    cost: 2,
    gallery: "upscale",
    stage: "upscaling",
    makesResult: true,
    call: "/api/upscale",
  },
  {
    id: "expand",
    namespace: "Expand",
    icon: "expand",
    page: {
      slugs: { en: "/expand", es: "/ampliar-imagen", fr: "/etendre-image", de: "/bild-erweitern", zh: "/AI扩图", ja: "/画像拡張" },
    },
    singleImage: true,
    kind: "expand",
    engine: "expand",
    cost: 2,
    gallery: "expand",
    stage: "expanding",
    makesResult: true,
    call: "/api/expand",
  },
  {
    id: "blurBackground",
    namespace: "BlurBackground",
    icon: "aperture",
    page: {
      slugs: { en: "/blur-background", es: "/desenfocar-fondo", fr: "/flouter-arriere-plan", de: "/hintergrund-unscharf", zh: "/背景虚化", ja: "/背景ぼかし" },
    },
    singleImage: true,
    kind: "blur_background",
    engine: "blurBackground",
    cost: 1,
    gallery: "blur_background",
    stage: "blurring_background",
    makesResult: true,
    call: "/api/blur-background",
  },
  {
    id: "productPhoto",
    namespace: "ProductPhoto",
    icon: "package",
    page: {
      slugs: { en: "/product-photo", es: "/fotos-de-producto", fr: "/photo-produit", de: "/produktfoto", zh: "/商品图", ja: "/商品写真" },
    },
    singleImage: true,
    kind: "product_photo",
    engine: "productPhoto",
    cost: 1,
    gallery: "product_photo",
    stage: "making_product_photo",
    makesResult: true,
    call: "/api/product-photo",
  },
  {
    id: "textOverlay",
    namespace: "TextOverlay",
    icon: "type",
    page: {
      slugs: { en: "/text-overlay", es: "/agregar-texto-a-imagen", fr: "/ajouter-texte-image", de: "/text-auf-bild", zh: "/图片加文字", ja: "/画像に文字入れ" },
    },
    // Drawn in the browser: no operation, no charge, no stage.
    kind: null,
    engine: null,
    cost: 0,
    gallery: "text_overlay",
    stage: null,
    makesResult: false,
  },
  {
    id: "fileConversion",
    namespace: "FileConversion",
    icon: "refresh",
    page: {
      slugs: { en: "/file-conversion", es: "/convertir-imagenes", fr: "/convertir-image", de: "/bild-umwandeln", zh: "/图片格式转换", ja: "/画像形式変換" },
    },
    kind: "convert",
    engine: "convert",
    cost: 0,
    gallery: "conversion",
    stage: "converting",
    makesResult: true,
    call: "/api/convert-image",
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
    call: "/api/segment",
  },
] as const satisfies readonly ToolEntry[];

export type ToolId = (typeof TOOLS)[number]["id"];
export type Tool = (typeof TOOLS)[number];

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

/** The call the editor's edits and the tools that share it (operation=<their kind>) go to. */
export const EDIT_CALL = "/api/flux/edit";

/** The `operation` values of the edit call: each tool on it by its operation kind (a protocol value, spec §7), the plain edit among them. */
export type EditOperation = Extract<(typeof TOOLS)[number], { call: typeof EDIT_CALL }>["kind"];
