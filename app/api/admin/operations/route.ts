// GET /api/admin/operations?status=&kind=&provider=&userId=&email=&from=&to=&cursor=&limit=: every account's operations, newest first.
import { searchOperations } from "@/lib/admin/operations";
import { route } from "@/lib/http/route";
import { operationSearchSchema } from "@/lib/validation/admin";

export const GET = route({ auth: "admin", query: operationSearchSchema }, ({ query }) => searchOperations(query));
