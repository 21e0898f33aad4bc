// POST /api/appeals {token, text}: a removal's owner appeals it once, with the token from the
// statement of reasons' link; an unknown link is a 404, a second appeal a 409. Limited per address on
// an allowance of its own, apart from reports'.
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { submitAppeal } from "@/lib/reports/appeals";
import { appealSchema } from "@/lib/validation/reports";

export const POST = route<JsonInput<typeof appealSchema>, "guest">({ auth: "guest", input: json(appealSchema), rateLimit: "appeal" }, async ({ input }) =>
  Response.json(await submitAppeal(input), { status: 201 }),
);
