// The shape of a photo tool's call (a tool that takes one photo and a few settings), and of a tool's
// use of the edit call's form: what its checked settings make of the operation it records, the
// parameters, the size of the result (checked against the budgets before any charge) and, where the
// settings decide it, the prompt and what they ask of the provider. Settings come as JSON beside `image` (a data URL
// or one of the user's own file URLs) or as multipart form fields beside an `image` file. The photo
// itself is read separately. One handler (lib/imaging/fill-tool-calls.ts) reads the photo, checks and
// charges for all of them; each tool's entry in the registry's server part
// (lib/tools/registry.server.ts) gives its own.
import "server-only";
import type { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { FrameSize } from "@/lib/imaging/expand-frame";
import type { ProviderProfile } from "@/lib/imaging/types";
import type { editFormFieldsSchema } from "@/lib/validation/imaging";

/** What a photo tool's settings make of one call. */
export interface PhotoRun {
  params: Prisma.InputJsonObject;
  /** The result's size, held to the budgets before anything is charged. */
  output: FrameSize;
  prompt?: string | null;
  /** What the settings ask of the tool's provider: throws (a 400) when it cannot do them; asked after the budget check. */
  checkProvider?: (provider: ProviderProfile) => void;
}

export interface PhotoCall {
  /** The settings sent with the photo (form fields or JSON beside `image`). */
  fields: z.ZodType;
  run: (fields: unknown, image: FrameSize) => PhotoRun;
}

/** A photo tool's call, typed by its settings' schema. */
export function photoCall<Schema extends z.ZodType>(fields: Schema, run: (fields: z.infer<Schema>, image: FrameSize) => PhotoRun): PhotoCall {
  return { fields, run: run as PhotoCall["run"] };
}

/** The edit call's checked form fields (lib/validation/imaging.ts), as a tool that shares the call reads them. */
export type EditFormFields = z.infer<typeof editFormFieldsSchema>;

/** A tool that shares the edit call (operation=<its kind>): a check of its own on the fields, and the parameters they record. */
export interface EditFormCall {
  /** What is wrong with the fields for this tool (a 400), or null. */
  check?: (fields: EditFormFields) => string | null;
  params: (fields: EditFormFields) => Prisma.InputJsonObject;
}
