// What a route reads from its request body, as its declaration says: JSON checked by a zod schema, the
// body as it was sent (a signed webhook, a small form), or an image upload (a multipart form, or JSON
// carrying a data URL) that the handler reads through its client. Each within its own limit.
import "server-only";
import type { z } from "zod";
import { bodyLimit, type BodyLimit, JSON_BODY_LIMIT, uploadFormLimit, uploadOrJsonLimit } from "./body";

export interface JsonInput<Schema extends z.ZodType = z.ZodType> {
  kind: "json";
  schema: Schema;
  maxBytes: number;
}

export interface TextInput {
  kind: "text";
  maxBytes: number;
}

export interface UploadInput {
  kind: "upload";
  /** The most of the body read, and its 413: an Idempotency-Key's fingerprint stops where the handler would. */
  limit: BodyLimit | ((request: Request) => BodyLimit);
}

export type RouteInput = JsonInput | TextInput | UploadInput;

/** What the handler gets as `input`: the parsed JSON, the text as sent, or nothing (an upload is read through the client). */
export type InputOf<Input> = Input extends JsonInput<infer Schema> ? z.infer<Schema> : Input extends TextInput ? string : undefined;

/** A JSON body parsed by `schema`, at most `maxBytes` (1 MB unless said). */
export function json<Schema extends z.ZodType>(schema: Schema, maxBytes: number = JSON_BODY_LIMIT): JsonInput<Schema> {
  return { kind: "json", schema, maxBytes };
}

/** The body as it was sent, as text (a signed webhook, a small form), at most `maxBytes`. */
export function rawBody(maxBytes: number): TextInput {
  return { kind: "text", maxBytes };
}

/** An image call's upload: a form of `files` images, or (with `orJson`) JSON carrying a data URL. */
export function upload(files: number, options: { orJson?: boolean } = {}): UploadInput {
  return { kind: "upload", limit: options.orJson ? uploadOrJsonLimit(files) : uploadFormLimit(files) };
}

/** The most of this request's body a route reads (1 MB when it declares no input). */
export function inputLimit(input: RouteInput | undefined, request: Request): BodyLimit {
  if (!input) return bodyLimit(JSON_BODY_LIMIT);
  if (input.kind === "upload") return typeof input.limit === "function" ? input.limit(request) : input.limit;
  return bodyLimit(input.maxBytes);
}
