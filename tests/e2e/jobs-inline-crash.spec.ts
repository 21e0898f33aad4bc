// JOBS_INLINE with no worker anywhere: the web process is killed (SIGKILL) in the middle of a job it
// runs itself. Once a server is up again, the operation still ends exactly once: failed with exactly
// one refund (or, had the work finished first, with its result and no refund), never charged twice.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { Client } from "pg";
import { databaseOnServer, dropDatabase } from "../setup/databases";
import { E2E_DATABASE_URL } from "../setup/test-env";
import { startAppServer, type AppServer } from "./app-server";

const PORT = 3175;
const ORIGIN = `http://localhost:${PORT}`;
/** A database on the browser tests' server, which E2E_DATABASE_URL names (an embedded one when none runs at 5432). */
const DATABASE_URL = databaseOnServer(E2E_DATABASE_URL, `pictura_inline_${randomUUID().slice(0, 8)}`);
// Short deadlines, so the sweep that settles the killed job comes within the test.
const SETTINGS = { DATABASE_URL, APP_URL: ORIGIN, JOBS_INLINE: "true", IMAGE_OPERATION_TIMEOUT_MS: "6000", CLIENT_IP_SOURCE: "socket" };

let app: AppServer | undefined;

async function query<Row>(sql: string, values: unknown[] = []): Promise<Row[]> {
  const client = new Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { prepareDatabase } = await import("../../lib/db/prepare");
  await prepareDatabase(DATABASE_URL);
});

test.afterAll(async () => {
  await app?.stop();
  await dropDatabase(DATABASE_URL);
});

test("a job cut off by a killed web process ends in one refund, settled by the next server", async () => {
  test.setTimeout(180_000);
  app = await startAppServer({ port: PORT, env: SETTINGS });
  const email = `inline-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await fetch(`${ORIGIN}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({ email, password: "a-long-enough-password", firstName: "Ida", lastName: "Inline" }),
  });
  expect(registered.status).toBe(201);
  const cookie = registered.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

  // Background removal loads its model first: seconds of work in the web process to cut short.
  const form = new FormData();
  form.set("operation", "background_removal");
  form.set("image", new Blob([readFileSync(path.join(__dirname, "..", "fixtures", "photos", "astronaut.png"))], { type: "image/png" }), "astronaut.png");
  const accepted = await fetch(`${ORIGIN}/api/flux/edit`, { method: "POST", headers: { cookie, origin: ORIGIN, prefer: "respond-async" }, body: form });
  expect(accepted.status).toBe(202);
  const { operationId } = (await accepted.json()) as { operationId: string };
  await expect.poll(async () => (await query<{ status: string }>(`SELECT status FROM operations WHERE id = $1`, [operationId]))[0]?.status).toBe("running");
  await app.kill();

  app = await startAppServer({ port: PORT, env: SETTINGS });
  await expect
    .poll(async () => (await query<{ status: string }>(`SELECT status FROM operations WHERE id = $1`, [operationId]))[0]?.status, { timeout: 90_000 })
    .toMatch(/^(failed|succeeded)$/);

  const [operation] = await query<{ status: string; userId: string; spendTransactionId: string }>(
    `SELECT status, "userId", "spendTransactionId" FROM operations WHERE id = $1`,
    [operationId],
  );
  const refunds = await query(`SELECT id FROM credit_transactions WHERE kind = 'refund' AND "userId" = $1`, [operation!.userId]);
  expect(refunds).toHaveLength(operation!.status === "failed" ? 1 : 0);
  const [user] = await query<{ credits: number }>(`SELECT credits FROM users WHERE id = $1`, [operation!.userId]);
  const [ledger] = await query<{ sum: string }>(`SELECT COALESCE(SUM(delta), 0) AS sum FROM credit_transactions WHERE "userId" = $1`, [operation!.userId]);
  expect(Number(ledger!.sum)).toBe(user!.credits);
  if (operation!.status === "failed") expect(user!.credits).toBe(60);
});
