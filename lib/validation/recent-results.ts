// GET /api/operations/recent: which kinds of result it lists. Apart from operations.ts, which the
// browser imports, so the browser's bundle carries no zod for it.
import { z } from "zod";

/** Every kind of operation that makes a picture someone may want back; a tap-to-select mask is not one. */
export const RESULT_KINDS = ["generate", "edit", "background_removal", "object_removal", "cartoon_style", "convert", "upscale"] as const;

/** GET /api/operations/recent: every kind of result, or one kind. */
export const recentResultsQuerySchema = z.object({
  kind: z.enum(RESULT_KINDS, { message: `kind must be one of ${RESULT_KINDS.join(", ")}.` }).optional(),
});
