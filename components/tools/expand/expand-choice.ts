// What the expand screen sends: a frame (aspect) or the pixels to add on each side, and an optional
// prompt; and the margins that choice gives a photo of a known size, with the server's own maths.
import { expandedSize, marginsForAspect, type FrameSize } from "@/lib/imaging/expand-frame";
import { EXPAND_ASPECTS, type ExpandAspect, type Margins } from "@/lib/imaging/types";

export const EXPAND_SIDES = ["top", "right", "bottom", "left"] as const satisfies readonly (keyof Margins)[];

export type ExpandFrame = ExpandAspect | "custom";
export const EXPAND_FRAMES: readonly ExpandFrame[] = [...EXPAND_ASPECTS, "custom"];

export interface ExpandChoice {
  frame: ExpandFrame;
  /** The pixels to add on each side when the frame is custom. */
  sides: Margins;
  prompt: string;
}

export const NO_MARGINS: Margins = { top: 0, right: 0, bottom: 0, left: 0 };

/** The margins the choice adds to a photo of this size. */
export function marginsOfChoice(choice: Pick<ExpandChoice, "frame" | "sides">, size: FrameSize): Margins {
  return choice.frame === "custom" ? choice.sides : marginsForAspect(size, choice.frame);
}

export const addsNothing = (margins: Margins) => EXPAND_SIDES.every((side) => margins[side] === 0);

/** The result's size, or null when the choice adds nothing. */
export function expandedFrame(choice: Pick<ExpandChoice, "frame" | "sides">, size: FrameSize): FrameSize | null {
  const margins = marginsOfChoice(choice, size);
  return addsNothing(margins) ? null : expandedSize(size, margins);
}

/** The call's form: the aspect, or only the sides that grow (the call refuses a side of 0). */
export function expandForm(file: File, choice: ExpandChoice): FormData {
  const form = new FormData();
  form.append("image", file);
  if (choice.frame === "custom") {
    for (const side of EXPAND_SIDES) if (choice.sides[side] > 0) form.append(side, String(choice.sides[side]));
  } else {
    form.append("aspect", choice.frame);
  }
  const prompt = choice.prompt.trim();
  if (prompt) form.append("prompt", prompt);
  return form;
}
