// Reads the reviewer sign-in's choice from a JSON call or from the sign-in screen's plain HTML form
// (application/x-www-form-urlencoded), which works before any script has loaded, or without one.
import "server-only";
import { BadRequestError } from "@/lib/errors";
import { AUTH_FORM_BODY_LIMIT, readBodyText } from "./body";
import { assertNoNul } from "./text-rules";
import { reviewerSignInSchema, type ReviewerSignIn } from "@/lib/validation/preview";

function parse(text: string, contentType: string): unknown {
  if (contentType.startsWith("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError("The request body must be valid JSON.", "invalid_json");
  }
}

export async function readReviewerChoice(request: Request): Promise<ReviewerSignIn> {
  const raw = parse(await readBodyText(request, AUTH_FORM_BODY_LIMIT), request.headers.get("content-type") ?? "");
  assertNoNul(raw, "request body");
  const parsed = reviewerSignInSchema.safeParse(raw);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? "The request is not valid.", "invalid_request");
  return parsed.data;
}
