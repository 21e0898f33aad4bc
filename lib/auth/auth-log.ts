// What Auth.js reports goes to the app's logger, one JSON line like every other, instead of Auth.js's
// coloured console text with a stack. What a request brought on itself (an address Auth.js has no
// action for, an unknown provider, a stale or forged cookie or check, a refused sign-in) is a warning
// without a stack: anyone can send those, as often as they like, and each is already answered with a
// 4xx or a return to the sign-in page. Anything else is Auth.js or our callbacks failing (the database
// gone in the middle of a Google sign-in): logged as an error and reported, with its cause.
import "server-only";
import { AuthError } from "next-auth";
import { errors as joseErrors } from "jose";
import { reportError } from "@/lib/observability/errors";
import { logger } from "@/lib/observability/log";

const log = logger("auth");

/** Auth.js's errors a request's own content causes, by their type. */
const REQUEST_ERRORS = new Set([
  "UnknownAction",
  "InvalidCallbackUrl",
  "InvalidCheck",
  "MissingCSRF",
  "CredentialsSignin",
  "AccessDenied",
  "Verification",
  "OAuthCallbackError",
  "OAuthAccountNotLinked",
  "AccountNotLinked",
]);

/** Auth.js's errors about a session cookie it could not read or renew. */
const SESSION_COOKIE_ERRORS = new Set(["JWTSessionError", "SessionTokenError"]);

/**
 * What Auth.js's own token reader throws for a token that is not one of ours: a forged or broken token
 * (jose's errors), one that decrypts to nothing, one sealed with another secret.
 */
const NOT_OUR_TOKEN = new Set(["Invalid JWT", "no matching decryption secret"]);

/** Auth.js's wording when the address names a provider this server does not have (a plain Error). */
const UNKNOWN_PROVIDER = /^Provider with id "[^"]*" not found\./;

/** The error Auth.js wrapped, when it wrapped one (`cause.err`). */
function causeOf(error: Error): unknown {
  const cause = error.cause as { err?: unknown } | undefined;
  return cause && typeof cause === "object" && "err" in cause ? cause.err : undefined;
}

/** Whether the request caused `error` (it is answered, and nothing on the server went wrong). */
function isRequestError(error: Error): boolean {
  if (!(error instanceof AuthError)) return UNKNOWN_PROVIDER.test(error.message);
  if (REQUEST_ERRORS.has(error.type)) return true;
  if (!SESSION_COOKIE_ERRORS.has(error.type)) return false;
  const cause = causeOf(error);
  return cause instanceof joseErrors.JOSEError || (cause instanceof Error && NOT_OUR_TOKEN.has(cause.message));
}

/** Auth.js's name for the error, or ours for the one it throws as a plain Error. */
const typeOf = (error: Error) => (error instanceof AuthError ? error.type : UNKNOWN_PROVIDER.test(error.message) ? "UnknownProvider" : error.name);

/** The most of a refused request's message a line keeps: it quotes the address, which anyone can make as long as they like. */
const MESSAGE_CHARACTERS = 300;

/**
 * Auth.js's `logger`. It has no `debug`: given one, Auth.js would call it with cookies and tokens even
 * with its debug setting off.
 */
export const AUTH_LOGGER = {
  error(error: Error): void {
    const type = typeOf(error);
    if (isRequestError(error)) {
      log.warn({ authError: type }, error.message.slice(0, MESSAGE_CHARACTERS));
      return;
    }
    // The error Auth.js wrapped says what failed, with its own stack.
    const cause = causeOf(error);
    const failure = cause instanceof Error ? cause : error;
    log.error({ err: failure, authError: type }, `Auth.js failed: ${error.message}`);
    reportError(failure, { where: `auth ${type}` });
  },
  warn(code: string): void {
    log.warn({ authWarning: code }, "Auth.js warns about its configuration");
  },
};
