import { route } from "@/lib/http/route";
import { SHARE_PAGE_HEADERS, sharePageResponse } from "@/lib/http/share-page";

// A share link's page for anyone with the link, without signing in (lib/http/share-page.ts). HEAD is
// answered apart so that a link checker's HEAD is not counted as a view.
const sharePage = (method: "GET" | "HEAD") =>
  route<undefined, "public", { token: string }>({ headers: SHARE_PAGE_HEADERS }, ({ params, headers }) => sharePageResponse(params.token, headers, method));

export const GET = sharePage("GET");
export const HEAD = sharePage("HEAD");
