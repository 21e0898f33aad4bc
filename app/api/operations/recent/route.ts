import { route } from "@/lib/http/route";
import { recentResults } from "@/lib/imaging/history";
import { RESULT_KINDS, recentResultsQuerySchema } from "@/lib/validation/recent-results";

// The user's recent results of every kind (or of one, with ?kind=), newest first: work a crash or a
// closed tab cut off can be found again whatever tool made it.
export const GET = route({ auth: "session", query: recentResultsQuerySchema }, ({ user, query }) =>
  recentResults(user.id, query.kind ? [query.kind] : [...RESULT_KINDS]),
);
