// What an image call needs of its caller and of what they sent, without the HTTP request: lib/http
// reads the request (lib/http/client.ts) and hands the calls this. An image call answers with its
// result, or with AcceptedOperation, which the route wrapper turns into a 202.

/** What the caller sent: a multipart form with its uploads, or JSON. */
export type SentBody = { form: FormData } | { json: unknown };

export interface ImageCaller {
  /** The client's address: guest operations and rate limits count it. */
  readonly ip: string;
  /** The origins this site's file URLs may arrive under: the site's own and the request's. */
  readonly fileOrigins: readonly string[];
  /** The hex SHA-256 of the guest key in this browser's verified cookie (lib/auth/guest-key.ts), or null. */
  readonly guestKeyHash: string | null;
  /**
   * The hash of this browser's guest key, to store with a guest's file: its own key, or a new one
   * when it has none; either way the answer sends the browser its cookie (again).
   */
  claimGuestKey(): string;
  /** The body is a multipart form (else JSON). */
  readonly sendsForm: boolean;
  /** The caller asked for an immediate answer and will follow the operation itself (RFC 7240 respond-async). */
  readonly prefersAsync: boolean;
  /** The body as a multipart form of at most `files` uploads, read within their limit; a 400 when it is not a form. */
  readForm(files: number): Promise<FormData>;
  /** The body as sent: a form of at most `files` uploads, or JSON that may carry an image as a data URL, each within its limit. */
  readSent(files: number): Promise<SentBody>;
}

/** The answer to `Prefer: respond-async`: the operation to follow (and every variant's, when there are several). */
export class AcceptedOperation {
  constructor(
    readonly operationId: string,
    readonly operationIds?: string[],
  ) {}
}
