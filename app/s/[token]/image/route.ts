import { route } from "@/lib/http/route";
import { shareImageResponse } from "@/lib/http/share-image";

// The share's copy for anyone with the link; HEAD is answered by Next from this GET.
export const GET = route<undefined, "public", { token: string }>({}, ({ params }) => shareImageResponse(params.token));
