// Reads the reviewer sign-in's choice from a JSON call or from the sign-in screen's plain HTML form
// (application/x-www-form-urlencoded), which works before any script has loaded, or without one.
import "server-only";
import { BadRequestError } from "@/lib/errors";
import { parseJsonBody } from "./body";
import { assertNoNul } from "./text-rules";
import { reviewerSignInSchema, type ReviewerSignIn } from "@/lib/validation/preview";

function parse(text: string, contentType: string): unknown {
  if (contentType.startsWith("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  return parseJsonBody(text);
}

/** The choice in a body as sent (`text`), of the given Content-Type. */
export function parseReviewerChoice(text: string, contentType: string): ReviewerSignIn {
  const raw = parse(text, contentType);
  assertNoNul(raw, "request body");
  const parsed = reviewerSignInSchema.safeParse(raw);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? "The request is not valid.", "invalid_request");
  return parsed.data;
}
