// POST /api/preview/access (form: password, next, locale): gives this browser access to a preview
// that PREVIEW_PASSWORD protects (404 when none is asked).
import { route } from "@/lib/http/route";
import { unlockPreview } from "@/lib/http/preview-unlock";

export const POST = route({}, ({ request }) => unlockPreview(request));
