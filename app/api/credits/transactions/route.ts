import { listTransactions } from "@/lib/credits/transactions";
import { route } from "@/lib/http/route";
import { transactionsQuerySchema } from "@/lib/validation/credits";

export const GET = route({ auth: "session", query: transactionsQuerySchema }, ({ user, query }) => listTransactions(user.id, query));
