import { route } from "@/lib/http/route";

// The process is up and serving: no database call, so a load balancer can ask it every second.
export const GET = route({}, () => Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } }));
