// What the web tier knows of the AI providers without loading their clients: each one's id, the
// model each operation uses (recorded in recipes) and which take a seed. The operations a provider
// can do are the ones it has a model for. The clients that do the work are the engine's
// (lib/imaging/engine/providers), built from the same settings and these same profiles.
import type { ProviderProfile } from "./types";

/** BFL's expand endpoint grows each side by at most this many pixels. */
export const FLUX_MAX_EXPAND_SIDE = 2048;

export interface FluxModels {
  /** Text to image. Default flux-pro-1.1. */
  generateModel?: string;
  /** Image + instruction edits (edit, background, cartoon). Default flux-kontext-pro. */
  editModel?: string;
  /** Masked inpainting (object removal, generative fill). Default flux-pro-1.0-fill. */
  fillModel?: string;
  /** Outpainting (expand). Default flux-pro-1.0-expand. */
  expandModel?: string;
}

export function fluxProfile(models: FluxModels): ProviderProfile {
  const generate = models.generateModel ?? "flux-pro-1.1";
  const edit = models.editModel ?? "flux-kontext-pro";
  return {
    id: "flux",
    models: {
      generate,
      edit,
      removeBackground: edit,
      cartoonize: edit,
      removeObject: models.fillModel ?? "flux-pro-1.0-fill",
      expand: models.expandModel ?? "flux-pro-1.0-expand",
    },
    seeded: ["generate", "edit", "removeBackground", "cartoonize", "removeObject", "expand"],
  };
}

/** GPT Image: one model for every operation it does. Default gpt-image-1.5. */
export function openAIProfile(model: string | undefined): ProviderProfile {
  const id = model ?? "gpt-image-1.5";
  return {
    id: "openai",
    models: { generate: id, edit: id, removeBackground: id, removeObject: id, cartoonize: id, expand: id },
    // OpenAI's image models take no seed.
    seeded: [],
  };
}
