// What never reaches a log line or an error report: passwords, session and reset tokens, API keys,
// webhook and Stripe secrets, and whole e-mail addresses. Two nets, because a secret arrives either
// under a name we can see (a `password` field, an `authorization` header) or inside text we cannot
// parse (an error's message, a URL, a stack): fields are redacted by name at any depth, and every
// finished line is scrubbed of what secrets look like. An e-mail address keeps its first letter and
// its domain (j***@example.com): enough to tell a provider's outage from one user's typo.
import { stdSerializers } from "pino";

export const REDACTED = "[redacted]";

/** Field names whose values are secrets whatever they hold (password, newPassword, resetToken, x-api-key, stripe-signature…). */
const SECRET_FIELD = /pass(word|wd|phrase)|secret|token|api[-_]?key|authorization|cookie|signature|credential|private[-_]?key/i;

const MAX_DEPTH = 8;

/** A copy of `value` with every secret field's value replaced, Errors turned into plain objects first. */
export function redactSecretFields(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return value;
  // An error's own fields (a client's `config.headers`, say) are walked like any record's.
  if (value instanceof Error) return redactRecord(stdSerializers.err(value), depth);
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => redactSecretFields(item, depth + 1));
  // Dates, Buffers and the like serialize themselves; only plain records are walked.
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  return redactRecord(value, depth);
}

function redactRecord(record: object, depth: number): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(record)) {
    copy[name] = SECRET_FIELD.test(name) && field !== null && field !== undefined ? REDACTED : redactSecretFields(field, depth + 1);
  }
  return copy;
}

/** j***@example.com for jane@example.com. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  return `${address[0]}***${address.slice(at)}`;
}

/** Text patterns of secrets, each with what is left of it. Order matters: credentials in a URL before e-mail addresses. */
const SECRET_PATTERNS: readonly [RegExp, string | ((match: string, ...groups: string[]) => string)][] = [
  // postgresql://user:password@host, smtp://user:password@host
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@"'\\]*:)[^\s@/"'\\]+@/gi, `$1${REDACTED}@`],
  // ?token=…, &reset_token=…, ?X-Amz-Signature=…, ?code=…: query values that open something
  [/([?&;][^=&#\s"'\\?]*?(?:token|code|key|secret|sig|signature|password|credential|auth)[^=&#\s"'\\]*=)[^&#\s"'\\]+/gi, `$1${REDACTED}`],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g, `$1 ${REDACTED}`],
  // Our API keys (pk_…), Stripe's keys (sk_live_…, rk_test_…), webhook signing secrets (whsec_…)
  [/\b(pk|sk|rk)_((?:live|test)_)?[A-Za-z0-9_-]{16,}/g, `$1_$2${REDACTED}`],
  [/\bwhsec_[A-Za-z0-9+/=_-]+/g, `whsec_${REDACTED}`],
  // A session cookie written out (authjs.session-token=…, __Secure-…)
  [/(session-token=)[^;\s"'\\]+/gi, `$1${REDACTED}`],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, (match) => maskEmail(match)],
];

/** `text` (a finished log line, an error report) with every secret-looking part masked. */
export function scrubSecrets(text: string): string {
  let scrubbed = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) {
    scrubbed = typeof replacement === "string" ? scrubbed.replace(pattern, replacement) : scrubbed.replace(pattern, replacement);
  }
  return scrubbed;
}
