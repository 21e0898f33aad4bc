// Idempotency-Key with Stripe's semantics, for the POSTs that spend: the first request with a key
// runs; a repeat with the same request gets the first answer again (status, headers and body) without
// running, so nothing is charged or queued twice; a repeat while the first still runs waits a little
// for it, then answers 409; the same key with another request answers 422. Only answers that did the
// work are kept: a refused or failed request spent nothing, and its key is freed for the retry.
import "server-only";
import { API_ERROR_CODES, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENT_REPLAYED_HEADER } from "@/lib/api/headers";
import { env } from "@/lib/env";
import { BadRequestError, ConflictError, DomainError } from "@/lib/errors";
import { type BodyLimit, readBodyBytes } from "./body";
import { fingerprintRequest } from "./idempotency-fingerprint";
import { claimIdempotencyKey, readClaim, releaseClaim, rememberAnswer, storedAnswer, type StoredAnswer } from "@/lib/idempotency/records";

const POLL_MS = 200;

/** Headers an answer is not replayed with: they belong to the first request's connection or caller. */
const NOT_REPLAYED = new Set(["set-cookie", "date", "connection", "transfer-encoding", "content-length", "keep-alive"]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function idempotencyKeyOf(request: Request): string | null {
  return checkedIdempotencyKey(request.headers.get(IDEMPOTENCY_KEY_HEADER));
}

/** An Idempotency-Key header's value, checked (1 to 255 characters, else 400); null when none was sent. */
export function checkedIdempotencyKey(key: string | null): string | null {
  if (key === null) return null;
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new BadRequestError(
      `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters long.`,
      API_ERROR_CODES.invalidIdempotencyKey,
    );
  }
  return key;
}

function replay(answer: StoredAnswer): Response {
  const headers = new Headers(answer.headers);
  headers.set(IDEMPOTENT_REPLAYED_HEADER, "true");
  return new Response(answer.body.length ? new Uint8Array(answer.body) : null, { status: answer.status, headers });
}

function keptHeaders(response: Response): Record<string, string> {
  const kept: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!NOT_REPLAYED.has(name.toLowerCase())) kept[name] = value;
  });
  return kept;
}

function keyReused(): DomainError {
  return new DomainError(
    422,
    API_ERROR_CODES.idempotencyKeyReused,
    `This ${IDEMPOTENCY_KEY_HEADER} was already used with a different request. Use a new key for a new request.`,
  );
}

function stillRunning(): ConflictError {
  return new ConflictError(
    `A request with this ${IDEMPOTENCY_KEY_HEADER} is still running. Try again in a moment to get its answer.`,
    API_ERROR_CODES.idempotencyInProgress,
  );
}

/**
 * Runs `run` once per (account, Idempotency-Key). The body is read here to fingerprint it, within the
 * route's own `limit` and with its own 413, so the header never lets more of a body in than the route
 * would take; `run` gets a fresh request with the same body.
 */
export async function answerIdempotently(
  request: Request,
  userId: string,
  key: string,
  limit: BodyLimit,
  run: (request: Request) => Promise<Response>,
): Promise<Response> {
  const body = await readBodyBytes(request, limit.bytes, limit.tooLarge);
  const fingerprint = await fingerprintRequest(request.method, request.url, request.headers.get("content-type") ?? "", body);
  // How long a repeat waits for the first request before answering 409 (IDEMPOTENCY_WAIT_SECONDS).
  const deadline = Date.now() + env().IDEMPOTENCY_WAIT_SECONDS * 1000;
  for (;;) {
    const claim = await claimIdempotencyKey(userId, key, fingerprint);
    if (claim.state === "claimed") return runClaimed(claim.id, request, body, run);
    if (claim.state === "reused") throw keyReused();
    if (claim.state === "done") return replay(storedAnswer(claim.record));
    // Running (or freed just now: claim again). Wait for the first request's answer.
    let state = claim.state;
    while (state === "running") {
      if (Date.now() >= deadline) throw stillRunning();
      await sleep(POLL_MS);
      const seen = await readClaim(userId, key, fingerprint);
      if (seen.state === "done") return replay(storedAnswer(seen.record));
      if (seen.state === "reused") throw keyReused();
      state = seen.state === "running" ? "running" : "gone";
    }
  }
}

async function runClaimed(id: string, request: Request, body: Buffer, run: (request: Request) => Promise<Response>): Promise<Response> {
  const fresh = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: body.length ? new Uint8Array(body) : undefined,
    signal: request.signal,
  });
  let response: Response;
  try {
    response = await run(fresh);
  } catch (error) {
    await releaseClaim(id);
    throw error;
  }
  const streamed = (response.headers.get("content-type") ?? "").startsWith("text/event-stream");
  if (response.status >= 400 || streamed) {
    await releaseClaim(id);
    return response;
  }
  const answer: StoredAnswer = { status: response.status, headers: keptHeaders(response), body: Buffer.from(await response.arrayBuffer()) };
  await rememberAnswer(id, answer);
  return new Response(answer.body.length ? new Uint8Array(answer.body) : null, { status: answer.status, headers: response.headers });
}
