// Shapes of the preview's reviewer sign-in: the sign-in screen's form and the API call share them.
import { z } from "zod";

/** One reviewer account per plan, seeded in every preview. */
export const REVIEWER_PLANS = ["trial", "free", "essential", "pro"] as const;
export type ReviewerPlan = (typeof REVIEWER_PLANS)[number];

export const reviewerSignInSchema = z.object({
  plan: z.enum(REVIEWER_PLANS, { message: "Choose a plan: trial, free, essential or pro." }),
  /**
   * Where the browser goes once signed in. Present when the sign-in screen's form posts (no script
   * needed), so the answer is a redirect; absent from API calls, which get the user as JSON.
   */
  returnTo: z.string().max(2000).optional(),
});
export type ReviewerSignIn = z.infer<typeof reviewerSignInSchema>;
