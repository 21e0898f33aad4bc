// Reads request bodies with a ceiling enforced while the bytes stream in: an over-size body is
// refused with 413 as soon as it passes the limit, whether or not it declared a Content-Length,
// and is never buffered whole.
import "server-only";
import { NextRequest } from "next/server";
import { BadRequestError, PayloadTooLargeError, RequestAbortedError } from "@/lib/errors";
import { MAX_UPLOAD_BYTES } from "@/lib/validation/limits";

export const MB = 1024 * 1024;
/** Auth.js's own posts (sign-out, an OAuth callback's form_post): a few fields, a few kB. */
export const AUTH_FORM_BODY_LIMIT = 64 * 1024;
/** JSON calls: sign-in, settings, billing. */
export const JSON_BODY_LIMIT = 1 * MB;
/** JSON calls that may carry one image as a data URL (10 MB as base64, plus the other fields). */
export const IMAGE_JSON_BODY_LIMIT = Math.ceil((10 * MB * 4) / 3) + MB;

function tooLarge(limit: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`The request body is too large (at most ${Math.round(limit / MB)} MB).`, "body_too_large");
}

/** The most of a body a route reads, and the 413 it answers past that. */
export interface BodyLimit {
  bytes: number;
  tooLarge: () => PayloadTooLargeError;
}

export const bodyLimit = (bytes: number): BodyLimit => ({ bytes, tooLarge: () => tooLarge(bytes) });

/** A multipart form of `files` images (each checked again by lib/imaging/input.ts) and its other fields. */
export const uploadFormLimit = (files: number): BodyLimit => ({
  bytes: files * MAX_UPLOAD_BYTES + MB,
  tooLarge: () => new PayloadTooLargeError("The image is larger than 10 MB.", "image_too_large"),
});

/** An image route that takes its image as an upload form or as a data URL in JSON. */
export const uploadOrJsonLimit =
  (files: number) =>
  (request: Request): BodyLimit =>
    (request.headers.get("content-type") ?? "").startsWith("multipart/form-data") ? uploadFormLimit(files) : bodyLimit(IMAGE_JSON_BODY_LIMIT);

export async function readBodyBytes(request: Request, limit: number, error: () => PayloadTooLargeError = () => tooLarge(limit)): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw error();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    // A body cut off mid-way (the client closed the connection) is the client's doing, not a fault here.
    const { done, value } = await reader.read().catch(() => {
      throw new RequestAbortedError();
    });
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw error();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

export async function readBodyText(request: Request, limit: number): Promise<string> {
  return (await readBodyBytes(request, limit)).toString("utf8");
}

/** The body as JSON ({} when empty), or a 400 that says it is not JSON. */
export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  return parseJsonBody(await readBodyText(request, limit));
}

/** A body's text as JSON ({} when empty), or a 400 that says it is not JSON. */
export function parseJsonBody(text: string): unknown {
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError("The request body must be valid JSON.", "invalid_json");
  }
}

/**
 * A multipart form of at most `files` images: refused at once when its declared length cannot hold a
 * valid upload, counted while it streams in otherwise (a chunked body gets the same limit).
 */
export async function readUploadForm(request: Request, files: number): Promise<FormData> {
  const limit = uploadFormLimit(files);
  if (Number(request.headers.get("content-length") ?? 0) > limit.bytes) throw limit.tooLarge();
  try {
    return await readFormBody(request, limit.bytes, limit.tooLarge);
  } catch (error) {
    if (error instanceof PayloadTooLargeError || error instanceof RequestAbortedError) throw error;
    throw new BadRequestError("The request must be a multipart form with the image.", "invalid_request");
  }
}

/** A multipart form read within `limit` bytes. */
export async function readFormBody(request: Request, limit: number, error: () => PayloadTooLargeError): Promise<FormData> {
  const bytes = await readBodyBytes(request, limit, error);
  return new Response(new Uint8Array(bytes), { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
}

/**
 * A handler we do not write ourselves (Auth.js's) given the same ceiling: the body is read within
 * `limit` as it streams in (413 past it), then handed on whole, as a fresh request.
 */
export function withBodyLimit(handler: (request: NextRequest) => Promise<Response>, limit: number): (request: NextRequest) => Promise<Response> {
  return async (request) => {
    let body: Buffer;
    try {
      body = await readBodyBytes(request, limit);
    } catch (error) {
      if (!(error instanceof PayloadTooLargeError || error instanceof RequestAbortedError)) throw error;
      return Response.json({ error: error.code, message: error.message }, { status: error.status });
    }
    return handler(new NextRequest(request.url, { method: request.method, headers: request.headers, body: body.length ? new Uint8Array(body) : undefined }));
  };
}
