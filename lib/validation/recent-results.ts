// GET /api/operations/recent: which kinds of result it lists. Apart from operations.ts, which the
// browser imports, so the browser's bundle carries no zod for it.
import { z } from "zod";
import { RESULT_KINDS } from "@/lib/imaging/result-kinds";

export { RESULT_KINDS };

/** GET /api/operations/recent: every kind of result, or one kind. */
export const recentResultsQuerySchema = z.object({
  kind: z.enum(RESULT_KINDS, { message: `kind must be one of ${RESULT_KINDS.join(", ")}.` }).optional(),
});
