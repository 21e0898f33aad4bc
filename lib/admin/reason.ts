// Every operator action gives a reason, kept in its audit row: at least ten characters once trimmed.
import "server-only";
import { BadRequestError } from "@/lib/errors";

export const MIN_REASON_LENGTH = 10;

/** The reason, trimmed; a 400 when it is missing or too short. */
export function checkedReason(reason: unknown): string {
  const trimmed = typeof reason === "string" ? reason.trim() : "";
  if (trimmed.length < MIN_REASON_LENGTH) {
    throw new BadRequestError(`Give a reason of at least ${MIN_REASON_LENGTH} characters; it is kept in the audit trail.`, "reason_too_short");
  }
  return trimmed;
}
