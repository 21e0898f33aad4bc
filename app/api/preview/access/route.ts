// POST /api/preview/access (form: password, next, locale): gives this browser access to a preview
// that PREVIEW_PASSWORD protects (404 when none is asked).
import { AUTH_FORM_BODY_LIMIT } from "@/lib/http/body";
import { unlockPreview } from "@/lib/http/preview-unlock";
import { rawBody } from "@/lib/http/input";
import { route } from "@/lib/http/route";

export const POST = route({ input: rawBody(AUTH_FORM_BODY_LIMIT) }, ({ input, client }) => unlockPreview(input, client));
