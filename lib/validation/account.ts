// Shapes of the account calls: what deleting asks for, and what the confirm shows will be lost.
import { z } from "zod";

export const deleteAccountSchema = z.object({
  /** Required for accounts with a password; accounts that sign in with Google or Apple sign in again instead. */
  password: z.string({ error: "Please enter your password." }).min(1, "Please enter your password.").max(256, "Password is too long.").optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const accountSummarySchema = z.object({
  email: z.string(),
  hasPassword: z.boolean(),
  /** Providers linked for sign-in, e.g. ["google"]. */
  providers: z.array(z.string()),
  galleryImages: z.number().int(),
  projects: z.number().int(),
  credits: z.number().int(),
  plan: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Whether the last sign-in is recent enough to delete an account without a password. */
  recentlySignedIn: z.boolean(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;
