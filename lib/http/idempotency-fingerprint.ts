// A request's fingerprint for Idempotency-Key: what it asks, not how its bytes happen to be laid out.
// JSON is compared by value (key order and spacing do not matter); a multipart form by its fields and
// its files' types and contents (each client draws its own boundary); anything else byte for byte.
// The canonical text is fed to the hash piece by piece as the value is walked, never built whole: a
// body holding a 14 MB data URL costs no second 14 MB string. The digest is that of the whole text, so
// keys stored before stay comparable.
import "server-only";
import { createHash, type Hash } from "node:crypto";

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** Longest run of a string escaped at once. */
const STRING_PIECE = 64 * 1024;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** JSON.stringify(text), in pieces. */
function writeString(hash: Hash, text: string): void {
  if (text.length <= STRING_PIECE) {
    hash.update(JSON.stringify(text));
    return;
  }
  hash.update('"');
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + STRING_PIECE, text.length);
    // A pair split in two would be escaped as two lone halves: keep it in one piece.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    hash.update(JSON.stringify(text.slice(start, end)).slice(1, -1));
    start = end;
  }
  hash.update('"');
}

/**
 * Object keys in the order JSON.stringify wrote them when the canonical form was an object built
 * from the sorted keys: integer-like keys first, ascending as numbers (the engine orders them so),
 * then the rest sorted. Asking the engine itself keeps that rule exact.
 */
function canonicalKeys(value: object): string[] {
  return Object.keys(
    Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, true]),
    ),
  );
}

/** A parsed JSON value, keys sorted at every level, written as JSON.stringify would write it. */
function writeCanonical(hash: Hash, value: unknown): void {
  if (typeof value === "string") return writeString(hash, value);
  if (Array.isArray(value)) {
    hash.update("[");
    value.forEach((item, index) => {
      if (index > 0) hash.update(",");
      writeCanonical(hash, item);
    });
    hash.update("]");
    return;
  }
  if (value && typeof value === "object") {
    hash.update("{");
    canonicalKeys(value).forEach((key, index) => {
      if (index > 0) hash.update(",");
      writeString(hash, key);
      hash.update(":");
      writeCanonical(hash, (value as Record<string, unknown>)[key]);
    });
    hash.update("}");
    return;
  }
  // Numbers, booleans and null: all JSON.parse gives besides the above.
  hash.update(JSON.stringify(value));
}

type FormField = [string, string | { type: string; sha256: string }];

async function formFields(contentType: string, body: Buffer): Promise<FormField[] | null> {
  try {
    const form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
    const fields: FormField[] = [];
    for (const [name, value] of form.entries()) {
      fields.push([name, typeof value === "string" ? value : { type: value.type, sha256: sha256(new Uint8Array(await value.arrayBuffer())) }]);
    }
    // Fields by name; the order of one name's repeated values is kept (it can matter).
    return fields.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  } catch {
    // Not a readable form: the route will refuse it; compare its bytes.
    return null;
  }
}

function writeForm(hash: Hash, fields: FormField[]): void {
  hash.update("form:[");
  fields.forEach(([name, value], index) => {
    hash.update(index > 0 ? ",[" : "[");
    writeString(hash, name);
    hash.update(",");
    if (typeof value === "string") writeString(hash, value);
    else hash.update(JSON.stringify(value));
    hash.update("]");
  });
  hash.update("]");
}

function parsedJson(body: Buffer): { value: unknown } | null {
  const text = body.toString("utf8");
  try {
    // /\S/ finds what trim() would keep, without copying the text.
    return { value: /\S/.test(text) ? JSON.parse(text) : {} };
  } catch {
    // Not JSON: compare its bytes.
    return null;
  }
}

export async function fingerprintRequest(method: string, url: string, contentType: string, body: Buffer): Promise<string> {
  const { pathname, search } = new URL(url);
  const started = () => createHash("sha256").update(`${method} ${pathname}${search}\n`);
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type === "multipart/form-data") {
    const fields = await formFields(contentType, body);
    if (fields) {
      const hash = started();
      writeForm(hash, fields);
      return hash.digest("hex");
    }
  }
  if (type === "" || type === "application/json" || type.endsWith("+json")) {
    const parsed = parsedJson(body);
    if (parsed) {
      try {
        const hash = started();
        hash.update("json:");
        writeCanonical(hash, parsed.value);
        return hash.digest("hex");
      } catch {
        // Nested too deep to walk: compare its bytes, on a fresh hash.
      }
    }
  }
  return started()
    .update(`bytes:${sha256(body)}`)
    .digest("hex");
}
