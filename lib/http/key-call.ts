// A call made with an API key instead of a browser session: the key's owner is the caller (cookies
// are not read, and no Origin is needed: a key is no ambient credential a page could borrow), the
// key's per-minute allowance is counted, and every answer says what the call cost, what is left and
// where the allowance stands. POSTs that spend take an Idempotency-Key here as from a browser.
import "server-only";
import { CREDITS_CHARGED_HEADER, CREDITS_REMAINING_HEADER } from "@/lib/api/headers";
import { authenticateApiKey } from "@/lib/api-keys/authenticate";
import { takeKeyCall } from "@/lib/api-keys/rate-limit";
import { meterSpends, netCharged } from "@/lib/credits/meter";
import { db } from "@/lib/db";
import type { User } from "@/lib/generated/prisma/client";
import { answerIdempotently, idempotencyKeyOf } from "./idempotency";
import type { BodyLimit } from "./body";

/** The answer with extra headers (a handler's answer may have immutable ones, e.g. a redirect's). */
export function withHeaders(response: Response, extra: Record<string, string>): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function creditHeaders(userId: string, spendIds: string[]): Promise<Record<string, string>> {
  const [charged, owner] = await Promise.all([netCharged(spendIds), db.user.findUnique({ where: { id: userId }, select: { credits: true } })]);
  return { [CREDITS_CHARGED_HEADER]: String(charged), [CREDITS_REMAINING_HEADER]: String(owner?.credits ?? 0) };
}

/**
 * Answers a key call. `run` does the route's own work for the key's owner and turns its errors into
 * answers; `errorAnswer` turns the refusals made here (idempotency, body limits) into answers.
 * `limit` is the route's own body limit, which an Idempotency-Key's reading keeps to.
 */
export async function answerKeyCall(
  request: Request,
  presentedKey: string,
  /** The call may charge credits: it takes an Idempotency-Key. */
  spends: boolean,
  limit: BodyLimit,
  run: (user: User, request: Request) => Promise<Response>,
  errorAnswer: (error: unknown) => Response,
): Promise<Response> {
  const { user, apiKeyId } = await authenticateApiKey(presentedKey);
  const allowance = await takeKeyCall(apiKeyId, user.id);
  if (!allowance.allowed) {
    const refused = Response.json({ error: allowance.code, message: allowance.message }, { status: 429 });
    return withHeaders(refused, { ...allowance.headers, ...(await creditHeaders(user.id, [])) });
  }
  const { result, spendIds } = await meterSpends(async () => {
    try {
      const key = spends ? idempotencyKeyOf(request) : null;
      return key === null ? await run(user, request) : await answerIdempotently(request, user.id, key, limit, (fresh) => run(user, fresh));
    } catch (error) {
      return errorAnswer(error);
    }
  });
  return withHeaders(result, { ...allowance.headers, ...(await creditHeaders(user.id, spendIds)) });
}
