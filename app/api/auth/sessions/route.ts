import { endOtherSessions, listSessions } from "@/lib/auth/sessions";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "session" }, async ({ user, sessionId }) => ({ sessions: await listSessions(user.id, sessionId) }));

export const DELETE = route({ auth: "session" }, async ({ user, sessionId }) => ({ ended: await endOtherSessions(user.id, sessionId) }));
