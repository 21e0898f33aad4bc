import { handlers } from "@/lib/auth/auth";
import { AUTH_FORM_BODY_LIMIT, withBodyLimit } from "@/lib/http/body";
import { previewAware } from "@/lib/http/preview-guard";

// Auth.js's own handler skips route(): in a preview it still gets the not-indexed header and the password.
export const GET = previewAware(handlers.GET);
// Auth.js reads a post's form whole: it gets the streaming limit every other route has.
export const POST = previewAware(withBodyLimit(handlers.POST, AUTH_FORM_BODY_LIMIT));
