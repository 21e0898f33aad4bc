// Who may run scheduled tasks over HTTP (/api/cron/*): a caller presenting CRON_SECRET as a bearer
// token, as Vercel Cron does. With CRON_SECRET unset the answer is 401 too, not 404: the path is no
// secret (it is in the code), and the scheduler's log then says what to fix instead of "not found".
import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { UnauthorizedError } from "@/lib/errors";

const digest = (value: string) => createHash("sha256").update(value).digest();

export function assertCronCaller(request: Request): void {
  const secret = env().CRON_SECRET;
  if (!secret) {
    throw new UnauthorizedError(
      "Scheduled tasks over HTTP are off: set CRON_SECRET on the server and send it as Authorization: Bearer <CRON_SECRET>.",
      "cron_disabled",
    );
  }
  const given = /^Bearer (.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  // Digests have equal lengths, as timingSafeEqual needs, and say nothing of the secret's length.
  if (!timingSafeEqual(digest(given), digest(secret))) {
    throw new UnauthorizedError("Send Authorization: Bearer <CRON_SECRET> to run scheduled tasks.", "invalid_cron_secret");
  }
}
