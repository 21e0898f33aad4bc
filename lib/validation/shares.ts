// Shapes of the share-link calls (POST and GET /api/shares, DELETE /api/shares/{id}): one schema each,
// so the routes, the OpenAPI document and the Share dialog speak of the same fields.
import { z } from "zod";
import { SHARE_CAPTION_MAX, SHARE_EXPIRIES } from "./limits";

// The browser reads these two from limits.ts, without the validation library.
export { SHARE_CAPTION_MAX, SHARE_EXPIRIES };
export type ShareExpiry = (typeof SHARE_EXPIRIES)[number];
/** Days each expiry lasts; null never expires. */
export const SHARE_EXPIRY_DAYS: Readonly<Record<ShareExpiry, number | null>> = { "1d": 1, "7d": 7, "30d": 30, never: null };

export const createShareSchema = z
  .object({
    fileId: z
      .string({ message: "fileId must be one of your images." })
      .min(1, "fileId must be one of your images.")
      .max(200, "fileId is not one of your images."),
    caption: z
      .string({ message: "The caption must be text." })
      .trim()
      .max(SHARE_CAPTION_MAX, `The caption can be at most ${SHARE_CAPTION_MAX} characters.`)
      .refine((value) => !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(value), "The caption cannot contain control characters.")
      .nullish()
      .transform((value) => value || null)
      .describe(`Shown under the image, at most ${SHARE_CAPTION_MAX} characters.`),
    showPrompt: z.boolean({ message: "showPrompt must be true or false." }).default(false).describe("Show the prompt the image was made with."),
    expiresIn: z.enum(SHARE_EXPIRIES, { message: 'expiresIn must be "1d", "7d", "30d" or "never".' }).describe("How long the link works."),
    indexable: z.boolean({ message: "indexable must be true or false." }).default(false).describe("Let search engines index the page."),
  })
  .meta({ id: "NewShareRequest" });
export type CreateShareInput = z.infer<typeof createShareSchema>;

export const SHARE_STATUSES = ["active", "expired", "revoked", "hidden"] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

export const shareSchema = z
  .object({
    id: z.string(),
    url: z.string().describe("The share page's address, /s/{token} on this site."),
    thumbnailUrl: z.string().describe("The shared copy, as the share serves it (/s/{token}/image)."),
    status: z.enum(SHARE_STATUSES).describe("hidden: taken down pending review of a report."),
    expiresAt: z.string().nullable().describe("When the link stops working (ISO 8601); null never."),
    indexable: z.boolean(),
    caption: z.string().nullable(),
    prompt: z.string().nullable().describe("The prompt the page shows, when the owner chose to show it."),
    views: z.number().int().describe("Page views, counted without cookies or addresses."),
    createdAt: z.string(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: "Share" });
export type ShareView = z.infer<typeof shareSchema>;

export const shareListSchema = z.object({ shares: z.array(shareSchema) });
