// POST /api/reports {url, category, explanation, name?, email?, goodFaith, locale?}: anyone reports
// what one of our addresses shows (DSA notice and action); a few an hour per network address.
import { CONTRACTS } from "@/lib/api/contracts";
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { submitReport } from "@/lib/reports/submit";
import { reportSchema } from "@/lib/validation/reports";

export const POST = route<JsonInput<typeof reportSchema>, "guest">(
  { auth: "guest", contract: CONTRACTS.report, input: json(reportSchema), rateLimit: "report" },
  async ({ input, client }) => Response.json(await submitReport(input, client), { status: 201 }),
);
