import { checkReadiness } from "@/lib/health/readiness";
import { route } from "@/lib/http/route";

// Whether this deployment can take real work; 503 names what is not ready. Never rate-limited.
export const GET = route({}, async () => {
  const readiness = await checkReadiness();
  return Response.json(readiness, { status: readiness.status === "ready" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
});
