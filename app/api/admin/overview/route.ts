// GET /api/admin/overview?range=today|7d|30d: the console's figures of the business (lib/admin/overview.ts).
import { overview } from "@/lib/admin/overview";
import { route } from "@/lib/http/route";
import { overviewQuerySchema } from "@/lib/validation/admin";

export const GET = route({ auth: "admin", query: overviewQuerySchema }, ({ query }) => overview(query.range));
