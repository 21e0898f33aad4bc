// The container image's runtime file set is self-contained. No Docker runs here, so the runtime
// stage's files are rebuilt in an empty folder exactly as its COPY lines take them (runtime-file-set.ts:
// the production dependencies pruned from the install as its runtime-deps stage prunes them, and this
// checkout's build), and the image's three commands run from that folder against a fresh database:
// `npm run db:migrate`, `npm start` and `npm run worker`. Pages, the readiness check, an image
// operation on the worker and a mail must all work from there; a path the COPY lines leave out (lib/,
// .next, prisma/, the messages mail is written from…) breaks one of them, and nothing may be loaded
// from the checkout instead.
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, realpathSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { Client } from "pg";
import sharp from "sharp";
import { E2E_DATABASE_URL, TEST_AUTH_SECRET } from "../setup/test-env";
import { newAccount } from "./helpers";
import { FAKE_SMTP_PORT, waitForMail } from "./mail";
import { runNpm, scriptEnvironment, startNpm, type NpmProcess } from "./npm-process";
import { buildRuntimeFileSet, filesMappedUnder, type RuntimeFileSet } from "./runtime-file-set";

const ROOT = path.join(__dirname, "..", "..");
const PORT = 3174;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const APP_URL = `http://localhost:${PORT}`;
const DATABASE = `pictura_runtime_${randomBytes(4).toString("hex")}`;

let scratch = "";
let app = "";
let fileSet: RuntimeFileSet;
let web: NpmProcess | undefined;
let worker: NpmProcess | undefined;

function serverDatabase(name: string): string {
  const url = new URL(E2E_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(sql: string): Promise<void> {
  const admin = new Client({ connectionString: serverDatabase("postgres") });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

const logs = () => `--- npm start ---\n${web?.output() ?? ""}\n--- npm run worker ---\n${worker?.output() ?? ""}`;

async function waitForWebServer(): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const up = await fetch(`${ORIGIN}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    const exited = await Promise.race([web!.exited, new Promise((resolve) => setTimeout(() => resolve("running"), 500))]);
    if (exited !== "running") throw new Error(`npm start exited with ${String(exited)}:\n${logs()}`);
  }
  throw new Error(`npm start did not answer at ${ORIGIN}:\n${logs()}`);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(15 * 60_000);
  scratch = await mkdtemp(path.join(os.tmpdir(), "pictura-runtime-"));
  app = path.join(scratch, "app");
  const started = Date.now();
  fileSet = await buildRuntimeFileSet(app, scratch);
  const timings = `file set in ${Math.round((Date.now() - started) / 1000)} s (${Object.entries(fileSet.replaySeconds)
    .map(([stage, seconds]) => `${stage} ${seconds} s`)
    .join(", ")})`;
  console.log(`Runtime ${timings}`);
  test.info().annotations.push({ type: "runtime file set", description: timings });

  await onServer(`CREATE DATABASE "${DATABASE}"`);
  const env = scriptEnvironment({
    NODE_ENV: "production",
    DATABASE_URL: serverDatabase(DATABASE),
    AUTH_SECRET: TEST_AUTH_SECRET,
    APP_URL,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    STORAGE_DIR: path.join(scratch, "files"),
    SMTP_URL: `smtp://127.0.0.1:${FAKE_SMTP_PORT}`,
    MAIL_FROM: "Pictura <no-reply@pictura.test>",
    WORKER_CONCURRENCY: "1",
  });
  await runNpm(["run", "db:migrate"], { cwd: app, env, timeoutMs: 180_000 });
  web = startNpm(["start"], { cwd: app, env });
  worker = startNpm(["run", "worker"], { cwd: app, env });
  await waitForWebServer();
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  await Promise.all([web?.stop(), worker?.stop()]);
  await onServer(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`).catch((error: unknown) => console.error(error));
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

test("the folder holds the runtime stage's paths and nothing above it to fall back on", () => {
  expect(readdirSync(app).sort()).toEqual([...new Set(fileSet.paths)].sort());
  expect(fileSet.paths).toEqual(expect.arrayContaining(["node_modules", ".next", "lib", "package.json"]));
  // Node looks for packages in every folder above; none may hold the checkout's or any other.
  const above = path
    .dirname(app)
    .split(path.sep)
    .map((_part, index, parts) => path.join("/", ...parts.slice(0, index + 1), "node_modules"));
  expect(above.filter((folder) => existsSync(folder))).toEqual([]);
});

test("serves pages", async () => {
  for (const page of ["/", "/terms"]) {
    const response = await fetch(`${ORIGIN}${page}`, { headers: { "accept-language": "en" } });
    expect([page, response.status], logs()).toEqual([page, 200]);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await response.text()).toMatch(/^<!DOCTYPE html>/i);
  }
});

test("says what its own payment settings are, not the ones the build's pages were made with", async () => {
  // The build was made with the payment sandbox on (the browser tests'); this start has no payments.
  const html = await (await fetch(`${ORIGIN}/subscription`, { headers: { "accept-language": "en" } })).text();
  expect(html).toContain('data-testid="payments-unavailable"');
  expect(html).not.toContain('data-testid="sandbox-notice"');
});

test("is ready: database, migrations, queue, storage and a worker's heartbeat", async () => {
  let last = "";
  await expect(async () => {
    const response = await fetch(`${ORIGIN}/api/health/ready`);
    last = await response.text();
    expect(response.status, `${last}\n${logs()}`).toBe(200);
  }).toPass({ timeout: 90_000, intervals: [1_000] });
  const { status, checks } = JSON.parse(last) as { status: string; checks: Record<string, string> };
  expect(status).toBe("ready");
  expect(checks).toEqual({ database: "ok", migrations: "ok", queue: "ok", storage: "ok", worker: "ok" });
});

test("converts a guest's image to WebP on the worker and serves the result", async () => {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#3366aa" } })
    .png()
    .toBuffer();
  const response = await fetch(`${ORIGIN}/api/convert-image`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL },
    body: JSON.stringify({ image: `data:image/png;base64,${png.toString("base64")}`, format: "webp" }),
  });
  const answer = await response.text();
  expect(response.status, `${answer}\n${logs()}`).toBe(200);
  const { convertedImage, format } = JSON.parse(answer) as { convertedImage: string; format: string };
  expect(format).toBe("webp");
  const location = new URL(convertedImage, APP_URL);
  // As the browser that asked: a guest's result is read with the guest key its answer set.
  const guestKey = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  expect(guestKey).toHaveLength(1);
  const file = await fetch(`${ORIGIN}${location.pathname}${location.search}`, { headers: { cookie: guestKey.join("; ") } });
  expect(file.status).toBe(200);
  const bytes = Buffer.from(await file.arrayBuffer());
  expect([bytes.subarray(0, 4).toString("latin1"), bytes.subarray(8, 12).toString("latin1")]).toEqual(["RIFF", "WEBP"]);
  expect((await sharp(bytes).metadata()).width).toBe(8);
});

test("writes a sign-up's mail from the messages it holds and sends it", async () => {
  const account = newAccount();
  const response = await fetch(`${ORIGIN}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL },
    body: JSON.stringify(account),
  });
  expect(response.status, await response.text()).toBe(201);
  await waitForMail(account.email, /Confirm your e-mail address/, 30_000).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${logs()}`);
  });
});

test("loads nothing from the checkout it was built in", () => {
  // Native addons show in each process's memory map: the folder's own, never the checkout's. Node
  // itself is the image's base (here the checkout's copy of Node 24 runs everything).
  expect(filesMappedUnder(app, app).some((file) => file.endsWith(".node"))).toBe(true);
  expect(filesMappedUnder(ROOT, app).filter((file) => file !== realpathSync(process.execPath))).toEqual([]);
});
