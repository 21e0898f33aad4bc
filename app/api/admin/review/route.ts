// GET /api/admin/review?status=pending|approved|removed&cursor=&limit=: results the image check flagged, newest first.
import { searchReview } from "@/lib/admin/review";
import { route } from "@/lib/http/route";
import { reviewSearchSchema } from "@/lib/validation/admin";

export const GET = route({ auth: "admin", query: reviewSearchSchema }, ({ query }) => searchReview(query));
