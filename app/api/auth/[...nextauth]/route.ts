import { handlers } from "@/lib/auth/auth";
import { AUTH_FORM_BODY_LIMIT, withBodyLimit } from "@/lib/http/body";

export const GET = handlers.GET;
// Auth.js reads a post's form whole: it gets the streaming limit every other route has.
export const POST = withBodyLimit(handlers.POST, AUTH_FORM_BODY_LIMIT);
