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

/** Every body to try: the baseline with one field (or one nested field) replaced, and whole hostile bodies. */
function hostileBodies(tinyPng: string): { label: string; raw: string }[] {
  const bodies: { label: string; raw: string }[] = [];
  for (const field of FIELDS) {
    for (const value of HOSTILE_VALUES)
      bodies.push({ label: `${field}=${JSON.stringify(value).slice(0, 40)}`, raw: JSON.stringify({ ...baseline(tinyPng), [field]: value }) });
  }
  for (const value of HOSTILE_STRINGS) {
    const state = { ...(baseline(tinyPng).state as object), sourceImage: value, history: [{ prompt: value, mode: "edit", resultUrl: value, at: value }] };
    bodies.push({ label: `state nested ${JSON.stringify(value).slice(0, 40)}`, raw: JSON.stringify({ ...baseline(tinyPng), state }) });
    bodies.push({
      label: `card nested ${JSON.stringify(value).slice(0, 40)}`,
      raw: JSON.stringify({ ...baseline(tinyPng), card: { number: value, expiry: value, cvc: value } }),
    });
  }
  for (const raw of ["", "null", "[]", '"\\u0000"', "123", "{", '{"a":', "\u0000", '{"prompt":"\\ud800"}'])
    bodies.push({ label: `raw ${JSON.stringify(raw)}`, raw });
  return bodies;
}

function multipartBodies(tinyPng: string): { label: string; form: () => FormData }[] {
  const png = Buffer.from(tinyPng.split(",")[1]!, "base64");
  const fields = ["prompt", "operation", "style", "background", "maskStyle", "format", "scale", "quality"];
  return fields.flatMap((field) =>
    HOSTILE_STRINGS.map((value) => ({
      label: `multipart ${field}=${JSON.stringify(value).slice(0, 40)}`,
      form: () => {
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
        values[field] = value;
        for (const [name, text] of Object.entries(values)) form.append(name, text);
        form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "image.png");
        form.append("mask", new Blob([new Uint8Array(png)], { type: "image/png" }), "mask.png");
        return form;
      },
    })),
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
let jsonBodies: { label: string; raw: string }[] = [];
let formBodies: { label: string; form: () => FormData }[] = [];
const ip = uniqueIp();

async function call(
  route: ApiRoute,
  method: Method,
  url: string,
  params: Record<string, string | string[]>,
  init: { body?: BodyInit; contentType?: string; cookie?: string },
) {
  // Image calls answer 202 at once instead of waiting for their job: this table is about the answers.
  const headers: Record<string, string> = { prefer: "respond-async" };
  if (init.contentType) headers["content-type"] = init.contentType;
  const who = init.cookie === cookie && SESSION_ENDING.has(route.pattern) ? await sessionCookieFor(owner) : init.cookie;
  // A JSON body goes into the request as it is built; a form is set on a copy.
  const rawBody = typeof init.body === "string" ? init.body : undefined;
  const request = apiRequest(method, url, { ip, cookie: who, headers, rawBody });
  const sent = init.body === undefined || rawBody !== undefined ? request : new Request(request, { body: init.body });
  const response = await route.handlers[method]!(sent, { params: Promise.resolve(params) });
  return response.status;
}

withImageWorker();

beforeAll(async () => {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
  tinyPng = `data:image/png;base64,${png.toString("base64")}`;
  // The same bodies for every route: built once.
  jsonBodies = hostileBodies(tinyPng);
  formBodies = multipartBodies(tinyPng);
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
    it.each(bodyMethods)(
      "answers %s with no 5xx for hostile JSON and multipart bodies",
      async (method) => {
        const failures: string[] = [];
        const { url, params } = fill(route.pattern, "x");
        const sends: { label: string; send: () => Promise<number> }[] = [];
        for (const who of [cookie, undefined]) {
          for (const body of jsonBodies)
            sends.push({
              label: `${body.label} ${who ? "signed in" : "guest"}`,
              send: () => call(route, method, url, params, { cookie: who, body: body.raw, contentType: "application/json" }),
            });
        }
        for (const body of formBodies) sends.push({ label: body.label, send: () => call(route, method, url, params, { cookie, body: body.form() }) });
        await inLanes(sends, LANES, async ({ label, send }) => {
          const status = await send();
          if (status >= 500) failures.push(`${label} → ${status}`);
        });
        expect(failures).toEqual([]);
      },
      180_000,
    );
  }
});
