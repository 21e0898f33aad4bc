// Text PostgreSQL cannot store and no person types: a NUL character anywhere in a request (body,
// query, path) is refused with 400 up front instead of failing deep inside a query with a 500.
import { BadRequestError } from "@/lib/errors";

const NUL = "\u0000";

export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes(NUL);
  if (depth > 32 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes(NUL) || containsNul(item, depth + 1));
}

export function assertNoNul(value: unknown, where: string): void {
  if (containsNul(value)) throw new BadRequestError(`The ${where} contains a NUL character, which is not allowed.`, "invalid_characters");
}
