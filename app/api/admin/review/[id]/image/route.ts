// GET /api/admin/review/{operationId}/image: a flagged result's picture for the review screen, through
// the console's gate whatever the file's privacy; 404 once it was removed.
import { reviewImageResponse } from "@/lib/http/review-image";
import { route } from "@/lib/http/route";

export const GET = route<undefined, "admin", { id: string }>({ auth: "admin" }, ({ params }) => reviewImageResponse(params.id));
