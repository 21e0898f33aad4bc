// Typed domain errors thrown anywhere in lib/; lib/http maps each to its HTTP status and JSON body.
import type { Locale } from "@/lib/i18n/locales";

export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/**
 * A domain error the caller reads in their own language: `messages` holds it in every locale, and the
 * route wrapper answers with the caller's (lib/http/caller-language.ts); `message` is the English one.
 */
export class LocalizedError extends DomainError {
  constructor(
    status: number,
    code: string,
    readonly messages: Readonly<Record<Locale, string>>,
  ) {
    super(status, code, messages.en);
  }
}

export class BadRequestError extends DomainError {
  constructor(message: string, code = "bad_request") {
    super(400, code, message);
  }
}

/** The client went away (or its connection broke) before its body had arrived. */
export class RequestAbortedError extends DomainError {
  constructor() {
    super(400, "request_aborted", "The request ended before its body arrived.");
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = "Please sign in to continue.", code = "unauthorized") {
    super(401, code, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = "You are not allowed to do this.", code = "forbidden") {
    super(403, code, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = "Not found.", code = "not_found") {
    super(404, code, message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, code = "conflict") {
    super(409, code, message);
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(message: string, code = "payload_too_large") {
    super(413, code, message);
  }
}

export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code = "rate_limited",
  ) {
    super(429, code, message, { retryAfterSeconds });
  }
}

export class ServiceUnavailableError extends DomainError {
  constructor(message: string, code = "service_unavailable") {
    super(503, code, message);
  }
}
