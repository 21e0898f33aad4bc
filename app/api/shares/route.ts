import { CONTRACTS } from "@/lib/api/contracts";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { createShare, listShares } from "@/lib/shares/shares";
import { createShareSchema } from "@/lib/validation/shares";

export const GET = route({ auth: "session", contract: CONTRACTS.listShares }, async ({ user }) => ({ shares: await listShares(user) }));

export const POST = route({ auth: "session", contract: CONTRACTS.createShare, input: json(createShareSchema) }, async ({ user, input }) =>
  Response.json(await createShare(user, input), { status: 201 }),
);
