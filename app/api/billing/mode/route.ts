import { billingMode } from "@/lib/billing/config";
import { route } from "@/lib/http/route";

// How payments run here, so the plans screen can say when they are not available.
export const GET = route({}, () => ({ payments: billingMode() }));
