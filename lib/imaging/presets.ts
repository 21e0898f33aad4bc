// The fixed presets of spec §3: cartoon styles and replacement backgrounds, each with the prompt an
// AI provider is given for it. The local engine renders the same presets with its own methods.
import { BadRequestError } from "@/lib/errors";
import type { Background, BackgroundPreset, CartoonizeInput, CartoonLook } from "./types";

export const CARTOON_LOOK_PROMPTS: Record<CartoonLook, string> = {
  cartoon:
    "Transform this image into a classic cartoon illustration: bold black outlines, flat bright colours, simple cel shading. Keep the composition and the subject recognisable.",
  anime:
    "Transform this image into Japanese anime style: clean line art, soft cel shading, vivid colours and luminous highlights. Keep the composition and the subject recognisable.",
  clay: "Transform this image into a claymation scene: everything sculpted from soft modelling clay with rounded forms, visible fingerprints and matte texture, warm studio lighting. Keep the composition.",
  "3d": "Transform this image into a polished 3D animated render: smooth stylised shapes, soft global illumination, subtle subsurface scattering. Keep the composition and the subject recognisable.",
  retro:
    "Transform this image into a retro 1950s cartoon: limited muted palette, halftone texture, thick ink lines and a printed-paper look. Keep the composition and the subject recognisable.",
  studio:
    "Transform this image into the style of a feature-length hand-painted animated film: soft watercolour backgrounds, gentle expressive characters and warm natural light. Keep the composition.",
};

export const BACKGROUND_PROMPTS: Record<Exclude<BackgroundPreset, "none">, string> = {
  mountain: "Replace the background with a majestic mountain landscape under a clear sky. Keep the main subject exactly as it is.",
  forest: "Replace the background with a lush green forest with soft sunlight through the trees. Keep the main subject exactly as it is.",
  ocean: "Replace the background with a calm blue ocean and a distant horizon. Keep the main subject exactly as it is.",
  sunset: "Replace the background with a warm golden sunset sky. Keep the main subject exactly as it is.",
};

export const REMOVE_BACKGROUND_PROMPT = "Remove the background completely and leave only the main subject on a fully transparent background, with clean edges.";

export function customBackgroundPrompt(text: string): string {
  return `Replace the background with: ${text}. Keep the main subject exactly as it is.`;
}

export function customCartoonPrompt(text: string): string {
  return `Transform this image into this style: ${text}. Keep the composition and the subject recognisable.`;
}

/** What the removal tools ask a generative provider to paint into the masked area. */
export const MASK_FILL_PROMPT = "Fill the marked area so it blends seamlessly with the surrounding background, as if nothing was ever there.";

/** What an AI provider is asked for a background choice. */
export function backgroundPrompt(background: Background): string {
  if ("prompt" in background) return customBackgroundPrompt(background.prompt);
  return background.preset === "none" ? REMOVE_BACKGROUND_PROMPT : BACKGROUND_PROMPTS[background.preset];
}

/** What an AI provider is asked for a cartoon style, preset or described. */
export function cartoonPrompt({ style, customStyle }: Pick<CartoonizeInput, "style" | "customStyle">): string {
  if (style) return CARTOON_LOOK_PROMPTS[style];
  if (!customStyle?.trim()) throw new BadRequestError("A custom cartoon style needs a description.");
  return customCartoonPrompt(customStyle.trim());
}

/** What an expand's new borders show when the user describes nothing. */
export const EXPAND_PROMPT = "Continue the scene naturally beyond its borders, matching its light, perspective and style.";
