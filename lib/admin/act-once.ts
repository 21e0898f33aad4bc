// An operator's action sent again with the same Idempotency-Key acts once: the first click claims the
// key (lib/idempotency/records.ts, scoped to the operator's account, kept 24 hours), acts, and keeps its
// answer; a repeat gets that answer again without acting, a repeat while the first still runs waits a
// little for it (then 409), and the key sent with another action or other input is a 422. A refused
// or failed action keeps nothing, so its key may be used for the retry. Without a key the action runs.
import "server-only";
import { createHash } from "node:crypto";
import { API_ERROR_CODES, IDEMPOTENCY_KEY_HEADER } from "@/lib/api/headers";
import { env } from "@/lib/env";
import { BadRequestError, ConflictError, DomainError } from "@/lib/errors";
import { checkedIdempotencyKey } from "@/lib/http/idempotency";
import { claimIdempotencyKey, readClaim, releaseClaim, rememberAnswer, storedAnswer } from "@/lib/idempotency/records";

const POLL_MS = 200;

/** The request's Idempotency-Key, checked; a 400 when `required` names the action and none was sent. */
export function consoleIdempotencyKey(headers: Readonly<Record<string, string | null>>, required: string | null = null): string | null {
  const key = checkedIdempotencyKey(headers["idempotency-key"] ?? null);
  if (key === null && required) throw new BadRequestError(`${required} needs an ${IDEMPOTENCY_KEY_HEADER} header.`, "idempotency_key_required");
  return key;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the key stands for: the action, whom it is about and what was asked. */
export interface ActionRequest {
  action: string;
  targetId: string;
  input: unknown;
}

/** JSON with sorted keys, so the same input in another order is the same request. */
function canonical(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, item]) => `${JSON.stringify(name)}:${canonical(item)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

const fingerprint = (request: ActionRequest) => createHash("sha256").update(canonical(request)).digest("hex");

const keyReused = () =>
  new DomainError(
    422,
    API_ERROR_CODES.idempotencyKeyReused,
    `This ${IDEMPOTENCY_KEY_HEADER} was already used for another action. Use a new key for a new action.`,
  );

const stillRunning = () =>
  new ConflictError(
    `An action with this ${IDEMPOTENCY_KEY_HEADER} is still running. Try again in a moment to get its answer.`,
    API_ERROR_CODES.idempotencyInProgress,
  );

const answerOf = <T>(body: Buffer): T => JSON.parse(body.toString("utf8")) as T;

/** Runs `act` once per (operator, key) and request; `key` null runs it every time. */
export async function actOnce<T>(actorId: string, key: string | null, request: ActionRequest, act: () => Promise<T>): Promise<T> {
  if (key === null) return act();
  // The console's keys live beside the operator's own API calls' keys: a prefix keeps them apart.
  const scopedKey = `console:${key}`;
  const hash = fingerprint(request);
  const deadline = Date.now() + env().IDEMPOTENCY_WAIT_SECONDS * 1000;
  for (;;) {
    const claim = await claimIdempotencyKey(actorId, scopedKey, hash);
    if (claim.state === "claimed") {
      let answer: T;
      try {
        answer = await act();
      } catch (error) {
        await releaseClaim(claim.id);
        throw error;
      }
      await rememberAnswer(claim.id, { status: 200, headers: {}, body: Buffer.from(JSON.stringify(answer ?? null), "utf8") });
      return answer;
    }
    if (claim.state === "reused") throw keyReused();
    if (claim.state === "done") return answerOf<T>(storedAnswer(claim.record).body);
    let state = claim.state;
    while (state === "running") {
      if (Date.now() >= deadline) throw stillRunning();
      await sleep(POLL_MS);
      const seen = await readClaim(actorId, scopedKey, hash);
      if (seen.state === "done") return answerOf<T>(storedAnswer(seen.record).body);
      if (seen.state === "reused") throw keyReused();
      state = seen.state === "running" ? "running" : "gone";
    }
  }
}
