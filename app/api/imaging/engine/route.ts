import { route } from "@/lib/http/route";
import { engineSummary } from "@/lib/imaging/config";

export const GET = route({}, () => engineSummary());
