// The browser's way to call our API: cookies always sent; a non-OK answer becomes an ApiError whose
// message is "{status}: {body text}" (spec §8), with the server's error code kept for translation.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly serverMessage: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

function parseErrorBody(text: string): { error?: string; message?: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object") return value as { error?: string; message?: string };
  } catch {
    // Not JSON: the text itself is the message.
  }
  return {};
}

/**
 * A non-OK answer as the ApiError callers handle: the server's `{ error, message }` body gives the
 * code and the words; any other body (a proxy's HTML page) leaves only the status.
 */
export function apiErrorFrom(status: number, text: string, statusText = ""): ApiError {
  const parsed = parseErrorBody(text);
  return new ApiError(status, parsed.error, parsed.message, `${status}: ${text || statusText}`);
}

export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw apiErrorFrom(response.status, text, response.statusText);
  return (text ? JSON.parse(text) : null) as T;
}
