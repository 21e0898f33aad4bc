// The shape of one tool's entry in the registry (lib/tools/registry.ts). Data only, so client
// components may read it: what a screen, a link, a price or a label needs is here. What only the
// server reads is the entry's server facts and server part (lib/tools/registry.server.ts), and what
// runs is its engine function (lib/tools/registry.engine.ts).
import type { OperationKind, SavedImageTool } from "@/lib/generated/prisma/enums";
import type { Locale } from "@/lib/i18n/locales";

/** Icons by name; components/tools/tool-icons.ts maps each to its lucide component, so lib stays free of React. */
export type ToolIconName = "sparkles" | "wand" | "eraser" | "scissors" | "palette" | "maximize" | "expand" | "aperture" | "package" | "type" | "refresh";

/**
 * How a result of the tool is labelled as AI-made (lib/imaging/metadata/label-result.ts):
 * generated (from a prompt), edited (a prompt's change of a photo), composite (a photo changed by a
 * model), source (keeps the label of its input), or null (a working file, never published).
 */
export type ToolAiLabel = "generated" | "edited" | "composite" | "source" | null;

/** A tool's landing page: its address in each language. */
export interface ToolPageEntry {
  /** The page's path in each language; the English one is the page's internal path. */
  slugs: Readonly<Record<Locale, `/${string}`>>;
}

/**
 * The drawn before/after a page's share image shows: a subject cut out, an object erased (or marked in
 * red, then erased), a format badge, a caption added, a pixelated picture made sharp, a photo made a
 * cartoon (on a sky of its own), or a photo made over.
 */
export type ShareScene = "cutout" | "erase" | "erase-marked" | "formats" | "caption" | "sharpen" | "cartoon" | "photo";

/** What a tool's landing page says about it, and which messages its screen takes. */
export interface ToolLandingFacts {
  /** The message namespaces its client screen uses (checked against the code by tests/unit/client-namespaces.test.ts). */
  screenMessages: readonly string[];
  /** What the before/after of its share image (components/seo/share-image.tsx) draws. */
  scene: ShareScene;
  /** Which uploads it takes: the tools' formats, or the converter's wider list. */
  formats: "tool" | "converter";
  /** The image never leaves the browser unless the visitor saves it. */
  onDevice: boolean;
  /** Words the landing texts quote from the tool's own screen (button labels, choices), by placeholder, as message keys. */
  labels: Readonly<Record<string, string>>;
}

/** A tool's call in the public API (at its entry's `call`). Several tools may share a call (one path, one owner of its documentation). */
export interface ToolApiEntry {
  method: "POST";
  /** An API key may make the call (it is refused on every call not marked so). */
  keys: boolean;
  /** It may charge credits: it takes an Idempotency-Key. */
  spends: boolean;
  /** Anyone may call it, without a key or a session. */
  open?: boolean;
}

export interface ToolEntry {
  /** The tool's one name: message keys (Pages.<id>Title, Landing.tools.<id>) and screen names are spelled so. */
  id: string;
  /** The message namespace of its screen (title, submit, busy, failed…). */
  namespace: string;
  icon: ToolIconName;
  /** Its landing page, if it has one of its own. */
  page?: ToolPageEntry;
  /** The screen is the one-image kit's (components/tools/single-image-tool.tsx). */
  singleImage?: boolean;
  /** The operation it records (a stored Prisma enum value), or null for a tool that runs in the browser. */
  kind: OperationKind | null;
  /** The image provider's method that does the work, or null when none does. */
  engine: string | null;
  /** Credits one run costs; 0 for a free tool. */
  cost: number;
  /** How a saved result is filed in the gallery (a stored Prisma enum value), or null when it is not saved. */
  gallery: SavedImageTool | null;
  /** What the worker reports while it runs (Imaging.stage_<stage>), or null. */
  stage: string | null;
  /**
   * The tool makes a picture someone may want back (recent results, recipes, a stage the screens name
   * in words); a selection mask does not.
   */
  makesResult: boolean;
  /** The address its screen (and the API, where its server facts say so) posts to. */
  call?: `/api/${string}`;
}

/**
 * The facts of a tool's entry that only the server reads (lib/tools/registry.server.ts), kept apart so
 * that the pages' scripts, which all carry the registry for their links, do not carry them too.
 */
export interface ToolServerFacts {
  /** The local engine's method for it, as an operation's recipe names it (none: the recipe names no model). */
  localModel?: string;
  /**
   * The setting naming the provider that does it (lib/imaging/config.ts); without one, IMAGE_PROVIDER
   * or a provider whose key is set decides.
   */
  providerSetting?: `IMAGE_PROVIDER_${string}`;
  aiLabel: ToolAiLabel;
  /** Its call's use in the public API, when an API key may make it. */
  api?: ToolApiEntry;
  /** What the OpenAPI document says of its call; given by the one tool that owns a shared call. */
  doc?: { summary: string; description?: string };
  /** What its landing page says, for a tool with a page. */
  landing?: ToolLandingFacts;
  /** Its shortcut above the editor: the Editor message naming it and its place among the shortcuts. */
  editorButton?: { label: string; position: number };
}

/** A whole entry, as the server reads it: the registry's and the server's facts together. */
export type ServerToolEntry = ToolEntry & ToolServerFacts;
