// GET /api/auth/two-factor/continue?challenge=…: where a Google or Apple sign-in of an account with
// two-step sign-in lands. Keeps the challenge in its httpOnly cookie and shows the code form.
import { z } from "zod";
import { route } from "@/lib/http/route";
import { continueSecondStep } from "@/lib/http/session-answers";

export const GET = route({ query: z.object({ challenge: z.string().min(20).max(200) }) }, ({ query, client }) =>
  continueSecondStep(query.challenge, client.origin, client.locale),
);
