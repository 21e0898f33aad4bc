// GET /api/admin/reports/{id}/image: the reported picture for the Reports screen, through the console's gate.
import { consoleImageResponse } from "@/lib/http/review-image";
import { route } from "@/lib/http/route";
import { reportImage } from "@/lib/reports/console-list";

export const GET = route<undefined, "admin", { id: string }>({ auth: "admin" }, async ({ params }) => consoleImageResponse(await reportImage(params.id)));
