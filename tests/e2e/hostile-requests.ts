// Hostile requests for every API route, as they arrive on the wire: the routes are read from the
// app/api tree (a new route is covered the day it is added), and each gets undecodable or NUL path
// segments, broken query strings, cookies and headers, and hostile JSON and multipart bodies. The
// in-process table (tests/integration/hostile-input.test.ts) goes deeper into each field; this one
// goes through what only a running server has: Next's routing and URL decoding, the proxy, the body
// read from a socket.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

export interface ApiRoute {
  /** e.g. /api/projects/[id] */
  pattern: string;
  /** The methods its route.ts exports. */
  methods: Method[];
}

export interface HostileRequest {
  label: string;
  method: Method;
  /** Already percent-encoded, sent as it is. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  signedIn: boolean;
}

const API_DIR = path.join(__dirname, "..", "..", "app", "api");
const EXPORTED = /export\s+(?:const|(?:async\s+)?function)\s+(GET|POST|PUT|PATCH|DELETE)\b|export\s+const\s*\{([^}]*)\}/g;

export function apiRoutes(): ApiRoute[] {
  return readdirSync(API_DIR, { recursive: true, encoding: "utf8" })
    .filter((name) => path.basename(name) === "route.ts")
    .map((name) => {
      const source = readFileSync(path.join(API_DIR, name), "utf8");
      const names = [...source.matchAll(EXPORTED)].flatMap((match) => (match[1] ? [match[1]] : match[2]!.split(",").map((word) => word.trim())));
      const pattern = `/api/${path.dirname(name).split(path.sep).join("/")}`;
      return { pattern, methods: METHODS.filter((method) => names.includes(method)) };
    });
}

// Path segments as sent: broken escapes, an encoded NUL, dot segments, an overlong UTF-8 slash, a
// right-to-left override, a segment longer than any id.
const SEGMENTS = ["%E0%A4%A", "%ZZ", "%", "%00", "a%00b", "..", "%2e%2e", "%C0%AF", "%E2%80%AE", "%20", "x".repeat(2_000)];
const QUERY_NAMES = ["cursor", "limit", "kind", "returnTo", "callbackUrl", "error", "token", "format", "download", "locale"];
const QUERY_VALUES = ["%00", "a%00b", "%E0%A4%A", "%ZZ", "%", "/%E2%80%AE", "//evil.example", "http%3A%2F%2F%5B%3A%3A1", "-1", "1e308", "x".repeat(4_000)];
const RAW_QUERIES = ["%ZZ=1", "%00=1", "a=1&a=2&a=%E0%A4%A", "&&&==", "limit[]=1&limit[]=2"];
const COOKIES = [
  "pictura.session-token=%E0%A4%A",
  "pictura.session-token=%",
  "pictura.session-token=%00",
  "pictura.session-token=x.y.z",
  "authjs.csrf-token=%E0%A4%A; authjs.callback-url=%ZZ",
  "NEXT_LOCALE=%ZZ",
];
const HEADERS: Record<string, string>[] = [
  { authorization: "Bearer pk_%E0%A4%A" },
  { authorization: "Bearer " + "x".repeat(4_000) },
  { "accept-language": "%ZZ;q=abc, *;q=-1" },
  { range: "bytes=99999999999-1" },
  { "if-none-match": "*" },
  { "idempotency-key": "%E0%A4%A".repeat(100) },
  { "content-type": "application/json; charset=%ZZ" },
];

const STRING_VALUES = [
  "\u0000",
  "a\u0000b",
  "%E0%A4%A",
  "\ud800",
  "data:image/png;base64,%%%",
  "http://127.0.0.1:5432/",
  "../../../../etc/passwd",
  "x".repeat(20_000),
];
const OTHER_VALUES: unknown[] = [null, -1, 1e308, [], { $gt: "" }];
const HOSTILE_VALUES = [...STRING_VALUES, ...OTHER_VALUES];
const FIELDS = [
  ...["email", "password", "currentPassword", "newPassword", "firstName", "lastName", "token", "locale"],
  ...["prompt", "imageUrl", "image", "mask", "format", "quality", "aspectRatio", "width", "height", "count", "seed", "style", "background"],
  ...["maskStyle", "points", "operation", "name", "description", "state", "tool", "filename", "originalPrompt", "fileSize"],
  ...["tier", "packId", "clientSecret", "card"],
];
const RAW_BODIES: Buffer[] = ["", "null", "[]", "123", "{", '{"a":', '"\\u0000"', '{"prompt":"\\ud800"}', "\u0000"].map((raw) => Buffer.from(raw));
// Bytes that are not UTF-8 at all, and a body past every JSON limit.
RAW_BODIES.push(Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0x22, 0x7d]), Buffer.from(JSON.stringify({ prompt: "x".repeat(2 * 1024 * 1024) })));

function baseline(image: string): Record<string, unknown> {
  return {
    ...{ email: "hostile@example.com", password: "correct-horse", currentPassword: "correct-horse", newPassword: "battery-staple-42" },
    ...{ firstName: "Ada", lastName: "Lovelace", token: "a".repeat(43), locale: "en", prompt: "make it brighter", imageUrl: image, image },
    ...{ format: "png", quality: 80, aspectRatio: "square", width: 16, height: 16, count: 1, style: "anime", background: "white" },
    ...{ maskStyle: "black_on_white", points: [{ x: 4, y: 4, label: 1 }], operation: "edit", name: "Project", description: "A project" },
    ...{ state: { sourceImage: image, sourceWidth: 16, sourceHeight: 16, history: [] }, tool: "conversion", filename: "picture.png" },
    ...{ originalPrompt: "a cat", fileSize: 10, tier: "essential", packId: "small", clientSecret: "sandbox_secret" },
    card: { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" },
  };
}

/** The route's URL with each [segment] (or [...rest]) filled with an already-encoded value. */
export function fill(pattern: string, value: string): string {
  return pattern.replace(/\[(\.\.\.)?[^\]]+\]/g, (_match, rest: string | undefined) => (rest ? `session/${value}` : value));
}

function json(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value));
}

async function multipart(fields: Record<string, string>, png: Buffer): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  for (const [name, text] of Object.entries(fields)) form.append(name, text);
  for (const name of ["image", "mask"]) form.append(name, new Blob([new Uint8Array(png)], { type: "image/png" }), `${name}.png`);
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get("content-type")! };
}

/** Every hostile request for one route; `png` is a small valid image the baseline bodies carry. */
export async function hostileRequests(route: ApiRoute, png: Buffer): Promise<HostileRequest[]> {
  const requests: HostileRequest[] = [];
  const add = (label: string, method: Method, url: string, headers: Record<string, string>, body?: Buffer, who: boolean[] = [false, true]) => {
    for (const signedIn of who) requests.push({ label, method, path: url, headers, body, signedIn });
  };
  const plain = fill(route.pattern, "x");
  const paths = [...(route.pattern.includes("[") ? SEGMENTS.map((value) => fill(route.pattern, value)) : [plain]), `${plain}/%E0%A4%A`, `${plain}/%ZZ`];
  // Each hostile path with every method the route answers; a method it does not answer meets the same
  // decoding and proxy before its 405, so it gets the plain path and one broken escape.
  for (const method of METHODS) {
    const sent = route.methods.includes(method) ? paths : [plain, `${plain}/%E0%A4%A`];
    for (const url of sent) add(`path ${url.slice(0, 60)}`, method, url, {});
  }

  const dataUrl = `data:image/png;base64,${png.toString("base64")}`;
  for (const method of route.methods) {
    // Over the wire a query string is parsed by Next before the route reads it: each hostile value
    // arrives once, under each name in turn, and all names carry one at once. What a name's value
    // does to the route, for every value, is the in-process table's part.
    const queries = [
      ...QUERY_VALUES.map((value, index) => `${QUERY_NAMES[index % QUERY_NAMES.length]}=${value}`),
      ...QUERY_VALUES.map((value) => QUERY_NAMES.map((name) => `${name}=${value}`).join("&")),
      ...RAW_QUERIES,
    ];
    for (const query of queries) add(`query ?${query.slice(0, 40)}`, method, `${plain}?${query}`, {}, undefined, [true]);
    for (const cookie of COOKIES) add(`cookie ${cookie.slice(0, 50)}`, method, plain, { cookie }, undefined, [false]);
    for (const header of HEADERS) add(`header ${JSON.stringify(header).slice(0, 50)}`, method, plain, header);
    if (method === "GET") continue;

    // Every hostile value in every field, one at a time, is the in-process table's part: what a field's
    // value does is the route's code, the same in both. Over the wire each value goes into all fields
    // at once, and each field in turn gets one of them (rotating through the list) in a valid body.
    const asJson = { "content-type": "application/json" };
    for (const field of FIELDS) {
      const value = HOSTILE_VALUES[FIELDS.indexOf(field) % HOSTILE_VALUES.length];
      add(`${field}=${JSON.stringify(value).slice(0, 30)}`, method, plain, asJson, json({ ...baseline(dataUrl), [field]: value }), [true]);
    }
    for (const value of HOSTILE_VALUES) {
      const everywhere = Object.fromEntries(FIELDS.map((field) => [field, value]));
      add(`every field ${JSON.stringify(value).slice(0, 30)}`, method, plain, asJson, json(everywhere));
    }
    for (const raw of RAW_BODIES) add(`raw ${JSON.stringify(raw.subarray(0, 20).toString("latin1"))}`, method, plain, asJson, raw);
    add("JSON sent as text/plain", method, plain, { "content-type": "text/plain" }, json(baseline(dataUrl)));
    add("form-encoded", method, plain, { "content-type": "application/x-www-form-urlencoded" }, Buffer.from("email=%ZZ&password=%00&prompt=%E0%A4%A"));
    // A form read from the socket: each hostile string in every text field at once, and each field in
    // turn with one of them (rotating) beside valid ones, as for JSON above.
    const formFields = { prompt: "make it brighter", operation: "edit", style: "anime", background: "white", maskStyle: "black_on_white", format: "png" };
    const valid = { ...formFields, scale: "2", quality: "fast" };
    for (const [index, field] of Object.keys(valid).entries()) {
      const value = STRING_VALUES[index % STRING_VALUES.length]!;
      const { body, type } = await multipart({ ...valid, [field]: value }, png);
      add(`multipart ${field}=${JSON.stringify(value).slice(0, 30)}`, method, plain, { "content-type": type }, body, [true]);
    }
    for (const value of STRING_VALUES) {
      const { body, type } = await multipart(Object.fromEntries(Object.keys(valid).map((field) => [field, value])), png);
      add(`multipart every field ${JSON.stringify(value).slice(0, 30)}`, method, plain, { "content-type": type }, body, [true]);
    }
  }
  return requests;
}

/** Hostile addresses of each page ("/", "/terms"…): broken escapes after it, in place of its language and in its query; broken language settings. */
export function hostilePageRequests(pages: string[]): HostileRequest[] {
  const requests: HostileRequest[] = [];
  for (const page of pages) {
    const base = page === "/" ? "" : page;
    const paths = [
      `${base}/%E0%A4%A`,
      `${base}/%ZZ`,
      `${base}/%00`,
      `/%ZZ${base}`,
      `/de${base}/%E0%A4%A`,
      `${page}?returnTo=%E0%A4%A&callbackUrl=%ZZ&error=%00`,
    ];
    const requested: [string, Record<string, string>][] = [
      ...paths.map((url): [string, Record<string, string>] => [url, {}]),
      [page, { cookie: "NEXT_LOCALE=%ZZ" }],
      [page, { "accept-language": "%ZZ;q=abc, *;q=-1" }],
      [page, { "x-vercel-ip-country": "%E0%A4%A" }],
    ];
    for (const [url, headers] of requested) {
      for (const signedIn of [false, true]) requests.push({ label: `page ${JSON.stringify(headers)}`, method: "GET", path: url, headers, signedIn });
    }
  }
  return requests;
}
