// A request's fingerprint for Idempotency-Key: what it asks, not how its bytes happen to be laid out.
// JSON is compared by value (key order and spacing do not matter); a multipart form by its fields and
// its files' types and contents (each client draws its own boundary); anything else byte for byte.
import "server-only";
import { createHash } from "node:crypto";

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

function canonicalJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalJson);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonicalJson((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

async function describeBody(contentType: string, body: Buffer): Promise<string> {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type === "multipart/form-data") {
    try {
      const form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
      const fields: [string, string | { type: string; sha256: string }][] = [];
      for (const [name, value] of form.entries()) {
        fields.push([name, typeof value === "string" ? value : { type: value.type, sha256: sha256(new Uint8Array(await value.arrayBuffer())) }]);
      }
      // Fields by name; the order of one name's repeated values is kept (it can matter).
      fields.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      return `form:${JSON.stringify(fields)}`;
    } catch {
      // Not a readable form: the route will refuse it; compare its bytes.
    }
  }
  if (type === "" || type === "application/json" || type.endsWith("+json")) {
    const text = body.toString("utf8");
    try {
      return `json:${JSON.stringify(canonicalJson(text.trim() ? JSON.parse(text) : {}))}`;
    } catch {
      // Not JSON: compare its bytes.
    }
  }
  return `bytes:${sha256(body)}`;
}

export async function fingerprintRequest(method: string, url: string, contentType: string, body: Buffer): Promise<string> {
  const { pathname, search } = new URL(url);
  return sha256(`${method} ${pathname}${search}\n${await describeBody(contentType, body)}`);
}
