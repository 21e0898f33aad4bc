// What counts as "the same request" for an Idempotency-Key: JSON by value (key order and spacing do
// not matter), a form by its fields and files, anything else by its bytes. The fingerprint is fed to
// the hash as it is walked, so a large body (a 14 MB data URL) is never copied into one canonical
// string; and it is the very fingerprint stored keys were made with, so a retry still matches.
import { createHash } from "node:crypto";
import { fingerprintRequest } from "@/lib/http/idempotency-fingerprint";

/** The fingerprint as it was first defined, building the canonical text whole: the reference. */
async function referenceFingerprint(method: string, url: string, contentType: string, body: Buffer): Promise<string> {
  const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
  const canonicalJson = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonicalJson);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, canonicalJson((value as Record<string, unknown>)[key])]),
      );
    }
    return value;
  };
  const describe = async () => {
    const type = contentType.split(";")[0]!.trim().toLowerCase();
    if (type === "multipart/form-data") {
      try {
        const form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
        const fields: [string, string | { type: string; sha256: string }][] = [];
        for (const [name, value] of form.entries()) {
          fields.push([name, typeof value === "string" ? value : { type: value.type, sha256: sha256(new Uint8Array(await value.arrayBuffer())) }]);
        }
        fields.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
        return `form:${JSON.stringify(fields)}`;
      } catch {}
    }
    if (type === "" || type === "application/json" || type.endsWith("+json")) {
      const text = body.toString("utf8");
      try {
        return `json:${JSON.stringify(canonicalJson(text.trim() ? JSON.parse(text) : {}))}`;
      } catch {}
    }
    return `bytes:${sha256(body)}`;
  };
  const { pathname, search } = new URL(url);
  return sha256(`${method} ${pathname}${search}\n${await describe()}`);
}

const URL_ = "http://localhost:3000/api/flux/generate?x=1";
const json = (text: string) => Buffer.from(text, "utf8");

async function formBody(fields: [string, string | Blob][]): Promise<{ contentType: string; body: Buffer }> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { contentType: request.headers.get("content-type")!, body: Buffer.from(await request.arrayBuffer()) };
}

describe("the Idempotency-Key fingerprint", () => {
  const longText = "data:image/png;base64," + "QUJD".repeat(300_000) + '😀é\u2028"\\\n' + "x".repeat(70_000) + "😀";
  it.each([
    ["an empty body", ""],
    ["blank space", " \n\t "],
    ["an object", '{"prompt":"a teapot","aspectRatio":"square","n":2,"ok":true,"none":null}'],
    ["nested values", '{"b":[1,{"z":1,"a":[true,null,"x"]}],"a":{"d":-0.5e10,"c":"ü"}}'],
    ["keys that look like numbers", '{"b":1,"10":2,"9":3,"a":4,"01":5,"4294967295":6,"4294967294":7,"-1":8}'],
    ["__proto__ as a key", '{"__proto__":{"x":1},"a":2}'],
    ["repeated keys", '{"a":1,"a":2}'],
    ["a top-level string", '"just a string"'],
    ["a top-level number", "42"],
    ["escapes and unicode", '{"s":"tab\\tquote\\"slash\\\\ nul-less \\u2028 \\ud83d\\ude00 lone \\ud83d end","e":"é😀"}'],
    ["a long string with emoji at piece edges", JSON.stringify({ image: longText, prompt: "p" })],
    // Each emoji is two UTF-16 units: after one odd unit, every even offset falls inside a pair.
    ["a string of emoji only", JSON.stringify({ s: "😀".repeat(100_000), t: "x" + "😀".repeat(100_000) })],
    ["nesting deeper than any stack", "[".repeat(200_000) + "]".repeat(200_000)],
    ["not JSON", "{not json"],
    ["a byte-order mark", "\uFEFF{}"],
    ["invalid UTF-8", "\xff\xfe{}"],
  ])("is the reference fingerprint for %s", async (_, text) => {
    const body = text.startsWith("\xff") ? Buffer.from([0xff, 0xfe, 0x7b, 0x7d]) : json(text);
    for (const type of ["application/json", "application/vnd.api+json; charset=utf-8", "", "text/plain"]) {
      expect(await fingerprintRequest("POST", URL_, type, body)).toBe(await referenceFingerprint("POST", URL_, type, body));
    }
  });

  it("is the reference fingerprint for forms, whatever boundary each client draws", async () => {
    const png = new Blob([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], { type: "image/png" });
    const fields: [string, string | Blob][] = [
      ["prompt", "make it brighter 😀"],
      ["image", png],
      ["a", "first"],
      ["a", "second"],
      ["long", "é".repeat(200_000)],
    ];
    const one = await formBody(fields);
    const other = await formBody(fields);
    expect(one.contentType).not.toBe(other.contentType);
    const fingerprint = await fingerprintRequest("POST", URL_, one.contentType, one.body);
    expect(fingerprint).toBe(await referenceFingerprint("POST", URL_, one.contentType, one.body));
    expect(await fingerprintRequest("POST", URL_, other.contentType, other.body)).toBe(fingerprint);
    const broken = Buffer.from("--nope\r\n");
    expect(await fingerprintRequest("POST", URL_, "multipart/form-data; boundary=x", broken)).toBe(
      await referenceFingerprint("POST", URL_, "multipart/form-data; boundary=x", broken),
    );
  });

  it("tells JSON apart by value, not by layout", async () => {
    const a = await fingerprintRequest("POST", URL_, "application/json", json('{"a":1,"b":[1,2]}'));
    expect(await fingerprintRequest("POST", URL_, "application/json", json(' {\n "b": [1, 2], "a": 1 }'))).toBe(a);
    expect(await fingerprintRequest("POST", URL_, "application/json", json('{"a":1,"b":[2,1]}'))).not.toBe(a);
    expect(await fingerprintRequest("POST", "http://localhost:3000/api/flux/edit?x=1", "application/json", json('{"a":1,"b":[1,2]}'))).not.toBe(a);
  });

  it("never copies a 14 MB image data URL into one canonical string", async () => {
    const body = json(JSON.stringify({ prompt: "a lantern", image: `data:image/png;base64,${"A".repeat(14 * 1024 * 1024)}` }));
    const stringify = JSON.stringify;
    let longest = 0;
    const spy = jest.spyOn(JSON, "stringify").mockImplementation((...args: Parameters<typeof JSON.stringify>) => {
      const text = stringify(...args);
      longest = Math.max(longest, text?.length ?? 0);
      return text;
    });
    try {
      await fingerprintRequest("POST", URL_, "application/json", body);
    } finally {
      spy.mockRestore();
    }
    expect(longest).toBeGreaterThan(0);
    expect(longest).toBeLessThan(1024 * 1024);
  });
});
