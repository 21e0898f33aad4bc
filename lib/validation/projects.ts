// Shapes of the project calls: the editor's work (source, result, prompt history) kept per user.
import { z } from "zod";
import { aspectRatioSchema, PROMPT_MAX } from "./imaging";

const fileUrl = z.string().min(1).max(300);

export const projectHistoryEntrySchema = z.object({
  prompt: z.string().max(PROMPT_MAX),
  mode: z.enum(["generate", "edit"]),
  resultUrl: fileUrl,
  at: z.string().max(40),
});

export const projectStateSchema = z.object({
  /** One of our file URLs; a data URL (a fresh upload) is stored on save and replaced by its URL. */
  sourceImage: z.string().max(14_000_000).nullable().default(null),
  sourceWidth: z.number().int().positive().nullable().default(null),
  sourceHeight: z.number().int().positive().nullable().default(null),
  resultImage: fileUrl.nullable().default(null),
  aspectRatio: aspectRatioSchema.default("square"),
  history: z.array(projectHistoryEntrySchema).max(50, "A project keeps at most 50 prompts.").default([]),
});
export type ProjectState = z.infer<typeof projectStateSchema>;

export const projectNameSchema = z.string().trim().min(1, "Please enter a project name.").max(120, "The project name can be at most 120 characters.");

export const createProjectSchema = z.object({ name: projectNameSchema.optional(), state: projectStateSchema.optional() });
export const updateProjectSchema = z.object({ name: projectNameSchema.optional(), state: projectStateSchema });

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: projectStateSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectView = z.infer<typeof projectSchema>;
