import { route } from "@/lib/http/route";
import { sharePageResponse } from "@/lib/http/share-page";
import { VIEWER_LOCALE_HEADERS } from "@/lib/i18n/viewer-locale";

// A share link's page for anyone with the link, without signing in (lib/http/share-page.ts).
export const GET = route<undefined, "public", { token: string }>({ headers: VIEWER_LOCALE_HEADERS }, ({ params, headers }) =>
  sharePageResponse(params.token, headers),
);
