// Sends a table of hostile values to every API route — read from the app/api tree, so a new route
// is covered the day it is added — and fails on any 5xx: bad input must get a readable 4xx.
import { readdirSync } from "node:fs";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import proxy, { config as proxyConfig } from "@/proxy";
import path from "node:path";
import sharp from "sharp";
import { hashPassword } from "@/lib/auth/password";
import { db } from "@/lib/db";
import { apiRequest, sessionCookieFor, signedInUser, uniqueIp } from "./helpers";
import { inLanes } from "../setup/in-lanes";
import { withImageWorker } from "./image-worker";

const API_DIR = path.join(process.cwd(), "app", "api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type Handler = (request: Request, segment: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

interface ApiRoute {
  file: string;
  /** e.g. /api/projects/[id] */
  pattern: string;
  handlers: Partial<Record<Method, Handler>>;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** Every route under app/api, by its pattern, without loading any of them. */
function findRoutes(): { file: string; pattern: string }[] {
  return routeFiles(API_DIR).map((file) => ({ file, pattern: `/api/${path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/")}` }));
}

function loadRoute(found: { file: string; pattern: string }): ApiRoute {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exported = require(found.file) as Record<string, Handler>;
  const handlers: ApiRoute["handlers"] = {};
  for (const method of METHODS) if (typeof exported[method] === "function") handlers[method] = exported[method];
  return { ...found, handlers };
}

const HOSTILE_STRINGS = [
  "\u0000",
  "a\u0000b",
  "http://[::1",
  "http://[::1]/api/files/x",
  "http://127.0.0.1:5432/",
  "file:///etc/passwd",
  "data:image/png;base64,%%%",
  "%E0%A4%A",
  "/%E2%80%AE",
  "\u202e\ud800",
  "../../../../etc/passwd",
  "x".repeat(20_000),
];
const HOSTILE_OTHERS: unknown[] = [null, -1, 1e308, true, [], {}, ["a"], { $gt: "" }];
const HOSTILE_VALUES: unknown[] = [...HOSTILE_STRINGS, ...HOSTILE_OTHERS];

const FIELDS = [
  "email",
  "password",
  "firstName",
  "lastName",
  "prompt",
  "imageUrl",
  "image",
  "format",
  "aspectRatio",
  "width",
  "height",
  "operation",
  "name",
  "description",
  "state",
  "tier",
  "packId",
  "clientSecret",
  "card",
  "tool",
  "filename",
  "originalPrompt",
  "style",
  "background",
  "maskStyle",
  "quality",
  "fileSize",
  "count",
  "seed",
  "points",
  "token",
  "currentPassword",
  "newPassword",
  "locale",
];

/** Routes that end the session they are called with: each call gets a session of its own. */
const SESSION_ENDING = new Set(["/api/auth/logout"]);

function baseline(tinyPng: string): Record<string, unknown> {
  return {
    email: "hostile@example.com",
    password: "correct-horse",
    firstName: "Ada",
    lastName: "Lovelace",
    prompt: "make it brighter",
    imageUrl: tinyPng,
    image: tinyPng,
    format: "png",
    aspectRatio: "square",
    width: 16,
    height: 16,
    operation: "edit",
    name: "Project",
    description: "A description",
    state: { sourceImage: tinyPng, sourceWidth: 16, sourceHeight: 16, history: [] },
    tier: "essential",
    packId: "small",
    clientSecret: "sandbox_secret",
    card: { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" },
    tool: "conversion",
    filename: "picture.png",
    originalPrompt: "a cat",
    style: "anime",
    background: "white",
    maskStyle: "black_on_white",
    quality: 80,
    fileSize: 10,
    points: [{ x: 4, y: 4, label: 1 }],
    token: "a".repeat(43),
    currentPassword: "correct-horse",
    newPassword: "battery-staple",
    locale: "en",
  };
}

interface HostileBody {
  label: string;
  raw: string;
}

/** The baseline with `field` set to each hostile value. */
function fieldBodies(tinyPng: string, field: string): HostileBody[] {
  return HOSTILE_VALUES.map((value) => ({
    label: `${field}=${JSON.stringify(value).slice(0, 40)}`,
    raw: JSON.stringify({ ...baseline(tinyPng), [field]: value }),
  }));
}

/** Hostile values inside the two nested fields, each sent only to routes that read that field. */
function nestedBodies(tinyPng: string): Record<"state" | "card", HostileBody[]> {
  const nested: Record<"state" | "card", HostileBody[]> = { state: [], card: [] };
  for (const value of HOSTILE_STRINGS) {
    const state = { ...(baseline(tinyPng).state as object), sourceImage: value, history: [{ prompt: value, mode: "edit", resultUrl: value, at: value }] };
    nested.state.push({ label: `state nested ${JSON.stringify(value).slice(0, 40)}`, raw: JSON.stringify({ ...baseline(tinyPng), state }) });
    nested.card.push({
      label: `card nested ${JSON.stringify(value).slice(0, 40)}`,
      raw: JSON.stringify({ ...baseline(tinyPng), card: { number: value, expiry: value, cvc: value } }),
    });
  }
  return nested;
}

/** Bodies that are not the baseline with one field changed: empty, not an object, not JSON. */
const WHOLE_BODIES: HostileBody[] = ["", "null", "[]", '"\\u0000"', "123", "{", '{"a":', "\u0000", '{"prompt":"\\ud800"}'].map((raw) => ({
  label: `raw ${JSON.stringify(raw)}`,
  raw,
}));

/**
 * What one call did with the baseline body: never read it, looked up some of its top-level fields
 * (`fields`, including ones the baseline lacks), or used it whole (listed its fields, or read it
 * other than through JSON.parse).
 */
type BodyUse = { read: false } | { read: true; fields: Set<string> | "all" };

/** Keys looked up on any object that say nothing of the body's fields: `await` asks for `then`. */
const NOT_FIELDS = new Set(["then", ...Object.getOwnPropertyNames(Object.prototype)]);

/**
 * Calls a handler once with `body` sent as a stream that notes being read, while JSON.parse of that
 * text answers an object that notes each top-level field looked up on it. A run is determined by
 * what it reads: a field the baseline run never looks up changes nothing, so hostile values are
 * needed only in the fields it does look up. The NUL check lists every field and treats them all
 * alike, so its walk is not counted as reading them (the unread-field bodies still go through it).
 */
async function learnBodyUse(send: (body: ReadableStream<Uint8Array>) => Promise<number>, text: string, bytes: Uint8Array = new TextEncoder().encode(text)) {
  let pulled = false;
  let parsed = false;
  let listed = false;
  const fields = new Set<string>();
  const byNulCheck = () => /\bcontainsNul\b/.test(new Error().stack ?? "");
  const note = (key: string | symbol) => {
    if (typeof key === "string" && !NOT_FIELDS.has(key) && !byNulCheck()) fields.add(key);
  };
  const parse = JSON.parse;
  JSON.parse = ((source: string, reviver?: (key: string, value: unknown) => unknown) => {
    const value: unknown = parse(source, reviver);
    if (source !== text || value === null || typeof value !== "object" || Array.isArray(value)) return value;
    parsed = true;
    return new Proxy(value, {
      get: (target, key, receiver) => (note(key), Reflect.get(target, key, receiver)),
      has: (target, key) => (note(key), Reflect.has(target, key)),
      getOwnPropertyDescriptor: (target, key) => (note(key), Reflect.getOwnPropertyDescriptor(target, key)),
      ownKeys: (target) => {
        if (!byNulCheck()) listed = true;
        return Reflect.ownKeys(target);
      },
    });
  }) as typeof JSON.parse;
  try {
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled = true;
          controller.enqueue(bytes);
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    await send(body);
  } finally {
    JSON.parse = parse;
  }
  if (!pulled) return { read: false } as const;
  return { read: true, fields: parsed && !listed ? fields : "all" } as const;
}

const FORM_FIELDS = ["prompt", "operation", "style", "background", "maskStyle", "format", "scale", "quality"];

/** An upload form with every setting valid, or with `field` set to a hostile value. */
function multipartForm(png: Buffer, field?: string, value?: string): FormData {
  const form = new FormData();
  const values: Record<string, string> = {
    prompt: "make it brighter",
    operation: "edit",
    style: "anime",
    background: "white",
    maskStyle: "black_on_white",
    format: "png",
    scale: "2",
    quality: "fast",
  };
  if (field !== undefined && value !== undefined) values[field] = value;
  for (const [name, text] of Object.entries(values)) form.append(name, text);
  form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "image.png");
  form.append("mask", new Blob([new Uint8Array(png)], { type: "image/png" }), "mask.png");
  return form;
}

function multipartBodies(png: Buffer): { label: string; form: () => FormData }[] {
  return FORM_FIELDS.flatMap((field) =>
    HOSTILE_STRINGS.map((value) => ({ label: `multipart ${field}=${JSON.stringify(value).slice(0, 40)}`, form: () => multipartForm(png, field, value) })),
  );
}

/** Escapes no decoder accepts: a truncated sequence, a non-hex digit, an overlong and a lone continuation byte. */
const UNDECODABLE_SEGMENTS = ["%E0%A4%A", "%ZZ", "%C0%AF", "a%80b", "%"];
const PARAM_VALUES = ["\u0000", "a\u0000b", "%00", "..", "x".repeat(2000), "\u202e", "%E0%A4%A", " "];
const QUERY_NAMES = ["cursor", "limit", "returnTo", "callbackUrl", "error", "kind"];
// Already percent-encoded, as they arrive on the wire: a NUL, broken escapes, right-to-left override, é.
const RAW_QUERY_VALUES = ["%00", "a%00b", "%E0%A4%A", "%", "/%E2%80%AE", "/%C3%A9", "//evil.example", "http%3A%2F%2F%5B%3A%3A1"];

/** Percent-encodes what can be; a lone surrogate is sent as the bytes a browser would send. */
function encodeLoosely(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "")) + "%ED%A0%80";
  }
}

/** Requests in flight at once: under the database pool's 10 connections, which the image worker shares. */
const LANES = 6;

const BROKEN_COOKIES = [
  "pictura.session-token=%E0%A4%A",
  "pictura.session-token=%",
  "pictura.session-token=%00",
  "authjs.csrf-token=%E0%A4%A; pictura.session-token=x.y.z",
];

function fill(pattern: string, value: string): { url: string; params: Record<string, string | string[]> } {
  const params: Record<string, string | string[]> = {};
  const url = pattern.replace(/\[(\.\.\.)?([^\]]+)\]/g, (_match, rest: string | undefined, name: string) => {
    params[name] = rest ? ["session", value] : value;
    return rest ? `session/${encodeURIComponent(value)}` : encodeURIComponent(value);
  });
  return { url, params };
}

const routes = findRoutes().map(loadRoute);

let tinyPng = "";
let cookie = "";
let owner: { id: string; email: string };
let bodiesByField = new Map<string, HostileBody[]>();
let nested: Record<"state" | "card", HostileBody[]> = { state: [], card: [] };
let formBodies: { label: string; form: () => FormData }[] = [];
let baselineForm: { bytes: Uint8Array; contentType: string };
const ip = uniqueIp();

async function call(
  route: ApiRoute,
  method: Method,
  url: string,
  params: Record<string, string | string[]>,
  init: { body?: BodyInit; contentType?: string; cookie?: string; ip?: string },
) {
  // Image calls answer 202 at once instead of waiting for their job: this table is about the answers.
  const headers: Record<string, string> = { prefer: "respond-async" };
  if (init.contentType) headers["content-type"] = init.contentType;
  const who = init.cookie === cookie && SESSION_ENDING.has(route.pattern) ? await sessionCookieFor(owner) : init.cookie;
  // A JSON body goes into the request as it is built; a form or a stream is set on a copy.
  const rawBody = typeof init.body === "string" ? init.body : undefined;
  const request = apiRequest(method, url, { ip: init.ip ?? ip, cookie: who, headers, rawBody });
  const sent =
    init.body === undefined || rawBody !== undefined ? request : new Request(request, { body: init.body, duplex: "half" } as RequestInit & { duplex: "half" });
  const response = await route.handlers[method]!(sent, { params: Promise.resolve(params) });
  return response.status;
}

/** The JSON bodies worth sending to a handler that used the baseline body as `use` says. */
function jsonBodiesFor(use: BodyUse): HostileBody[] {
  const known = [...bodiesByField.keys()];
  const looked = use.read ? use.fields : new Set<string>();
  const read = looked === "all" ? known : known.filter((field) => looked.has(field));
  // Fields the handler looks up that the baseline lacks get the hostile values too.
  const unlisted = looked === "all" ? [] : [...looked].filter((field) => !bodiesByField.has(field));
  // Every hostile value once in a field the handler does not read: it must not matter there either.
  const unread = known.find((field) => !read.includes(field));
  return [
    ...read.flatMap((field) => bodiesByField.get(field)!),
    ...unlisted.flatMap((field) => fieldBodies(tinyPng, field)),
    ...(unread ? bodiesByField.get(unread)! : []),
    ...(read.includes("state") ? nested.state : []),
    ...(read.includes("card") ? nested.card : []),
    ...WHOLE_BODIES,
  ];
}

// The worker keeps readiness (GET /api/health/ready) answering and runs provider jobs; the local
// engine's jobs (models, sharp) would only burn CPU behind answers already given, and are proven in
// the files of each tool, so here they wait in the queue.
withImageWorker({ localJobs: false });

beforeAll(async () => {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
  tinyPng = `data:image/png;base64,${png.toString("base64")}`;
  // The same bodies for every route: built once.
  bodiesByField = new Map(FIELDS.map((field) => [field, fieldBodies(tinyPng, field)]));
  nested = nestedBodies(tinyPng);
  formBodies = multipartBodies(png);
  const encoded = new Response(multipartForm(png));
  baselineForm = { bytes: new Uint8Array(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type")! };
  const signedIn = await signedInUser({ tier: "pro", credits: 3 });
  cookie = signedIn.cookie;
  owner = signedIn.user;
  // A password unlike any in the table, so DELETE /api/account refuses every body instead of
  // deleting the account the remaining routes are called with.
  await db.user.update({ where: { id: owner.id }, data: { passwordHash: await hashPassword("hostile-input-keeps-this-account") } });
});

afterAll(async () => {
  // Every route was called signed in: the account must have lived through the whole table.
  expect(await db.user.findUniqueOrThrow({ where: { id: owner.id } })).toMatchObject({ deletedAt: null });
});

it("reads the routes from app/api", () => {
  expect(routes.length).toBeGreaterThanOrEqual(30);
  expect(routes.map((route) => route.pattern)).toEqual(expect.arrayContaining(["/api/projects/[id]", "/api/convert-image", "/api/auth/[...nextauth]"]));
});

describe.each(routes.map((route) => [route.pattern, route] as const))("%s", (_pattern, route) => {
  const methods = METHODS.filter((method) => route.handlers[method]);

  it.each(methods)("answers %s with no 5xx for hostile path segments, queries and cookies", async (method) => {
    const failures: string[] = [];
    const checks: { label: string; send: () => Promise<number> }[] = [];
    const segmentValues = route.pattern.includes("[") ? PARAM_VALUES : ["-"];
    for (const value of segmentValues) {
      const { url, params } = fill(route.pattern, value);
      for (const who of [undefined, cookie])
        checks.push({
          label: `segment ${JSON.stringify(value).slice(0, 30)} ${who ? "signed in" : "guest"}`,
          send: () => call(route, method, url, params, { cookie: who }),
        });
    }
    const { url, params } = fill(route.pattern, "x");
    const queries = QUERY_NAMES.flatMap((name) => [...HOSTILE_STRINGS.map(encodeLoosely), ...RAW_QUERY_VALUES].map((value) => `${name}=${value}`));
    for (const query of queries) checks.push({ label: `?${query.slice(0, 40)}`, send: () => call(route, method, `${url}?${query}`, params, { cookie }) });
    for (const broken of BROKEN_COOKIES) checks.push({ label: `cookie ${broken}`, send: () => call(route, method, url, params, { cookie: broken }) });
    await inLanes(checks, LANES, async (check) => {
      const value = await check.send();
      if (value >= 500) failures.push(`${check.label} → ${value}`);
    });
    expect(failures).toEqual([]);
  });

  // Next's router answers a path whose escapes do not decode with a bare 500 before any route runs;
  // the proxy sees every such path first (its matcher) and answers 400 itself.
  it.each(methods)("answers %s with 400 for undecodable escapes anywhere in its path", async (method) => {
    const failures: string[] = [];
    const urls = UNDECODABLE_SEGMENTS.flatMap((broken) => {
      const filled = fill(route.pattern, "x").url;
      // Appended, in place of the last segment, and (raw, as a client sends it) in each dynamic segment.
      const inSegments = route.pattern.includes("[") ? [route.pattern.replace(/\[(\.\.\.)?[^\]]+\]/g, broken)] : [];
      return [`${filled}/${broken}`, filled.replace(/\/[^/]*$/, `/${broken}`), ...inSegments];
    });
    for (const url of urls) {
      if (!unstable_doesMiddlewareMatch({ config: proxyConfig, url })) {
        failures.push(`${url}: not seen by the proxy`);
        continue;
      }
      const response = await proxy(new NextRequest(`http://localhost:3000${url}`, { method }));
      const body = response.status === 400 ? await response.json() : null;
      if (response.status !== 400 || body?.error !== "invalid_path") failures.push(`${url} → ${response.status}`);
    }
    expect(failures).toEqual([]);
  });

  const bodyMethods = methods.filter((method) => method !== "GET");
  if (bodyMethods.length > 0) {
    // Each body goes only where it can change the run: hostile values in the fields the handler
    // reads, once in a field it does not, and whole-body cases; a handler that reads no body at all
    // (one that refuses guests first, say) gets the whole-body and unread-field cases alone.
    it.each(bodyMethods)(
      "answers %s with no 5xx for hostile JSON and multipart bodies",
      async (method) => {
        const failures: string[] = [];
        const { url, params } = fill(route.pattern, "x");
        // An address of the test's own, so its first call is not turned away by an earlier test's rate limit.
        const address = uniqueIp();
        const baselineRaw = JSON.stringify(baseline(tinyPng));
        const sends: { label: string; send: () => Promise<number> }[] = [];
        const checked = async (label: string, answer: Promise<number>) => {
          const status = await answer;
          if (status >= 500) failures.push(`${label} → ${status}`);
          return status;
        };
        for (const who of [cookie, undefined]) {
          const use = await learnBodyUse(
            (body) =>
              checked(
                `baseline ${who ? "signed in" : "guest"}`,
                call(route, method, url, params, { cookie: who, body, contentType: "application/json", ip: address }),
              ),
            baselineRaw,
          );
          for (const body of jsonBodiesFor(use))
            sends.push({
              label: `${body.label} ${who ? "signed in" : "guest"}`,
              send: () => call(route, method, url, params, { cookie: who, body: body.raw, contentType: "application/json", ip: address }),
            });
        }
        const formUse = await learnBodyUse(
          (body) => checked("multipart baseline", call(route, method, url, params, { cookie, body, contentType: baselineForm.contentType, ip: address })),
          new TextDecoder().decode(baselineForm.bytes),
          baselineForm.bytes,
        );
        // A form the handler never reads: one field's hostile values show it is not read.
        const forms = formUse.read ? formBodies : formBodies.slice(0, HOSTILE_STRINGS.length);
        for (const body of forms) sends.push({ label: body.label, send: () => call(route, method, url, params, { cookie, body: body.form(), ip: address }) });
        await inLanes(sends, LANES, ({ label, send }) => checked(label, send()));
        expect(failures).toEqual([]);
      },
      180_000,
    );
  }
});
