// JOBS_INLINE=true, with no worker anywhere: the web process runs every kind of image operation
// itself, right after its charge, with the same settlement and ledger as a worker; and a worker that
// does watch the queue never takes a job the web process is running.
import sharp from "sharp";
import { POST as convert } from "@/app/api/convert-image/route";
import { POST as edit } from "@/app/api/flux/edit/route";
import { POST as generate } from "@/app/api/flux/generate/route";
import { POST as removeObject } from "@/app/api/openai/object-removal/route";
import { GET as getOperation } from "@/app/api/operations/[id]/route";
import { POST as segment } from "@/app/api/segment/route";
import { POST as upscale } from "@/app/api/upscale/route";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { closeOperationEvents } from "@/lib/jobs/events";
import { startWorker } from "@/lib/jobs/worker";
import { apiRequest, signedInUser, uniqueIp } from "./helpers";
import { balanceOf, blob, cookiesSetBy, dataUrl, fetchFile, ledgerMatchesBalance, multipartRequest, photo } from "./imaging-helpers";
import { setSettings } from "../setup/settings";

// What is checked is where each kind of job runs and how it settles, not what a model makes of the
// pixels: the two 1024² models (background removal, tap-to-select) answer with fixed masks
// (model-stand-ins.ts), and every other step of their jobs runs as usual.
jest.mock("@/lib/imaging/local/model-thread", () => jest.requireActual("./model-stand-ins").modelThreadWithStandIns());

jest.setTimeout(240_000);

const params = (id: string) => ({ params: Promise.resolve({ id }) });
const readJob = async (operationId: string) =>
  (
    await db.$queryRaw<{ state: string; startedOn: Date | null }[]>`
    SELECT state, started_on AS "startedOn" FROM pgboss.job WHERE data->>'operationId' = ${operationId}`
  )[0];

/** The operation's queue job, once the web process has completed it: just after the operation settles (lib/jobs/inline.ts). */
async function jobOf(operationId: string) {
  let job = await readJob(operationId);
  // Up to 5 s, as before, looking every 10 ms: the job completes a moment after the answer.
  for (let attempt = 0; attempt < 500 && job?.state === "created"; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    job = await readJob(operationId);
  }
  return job;
}

async function expectImage(url: string, cookie?: string) {
  const file = await fetchFile(url, cookie);
  expect(file.status).toBe(200);
  return sharp(Buffer.from(await file.arrayBuffer())).metadata();
}

beforeAll(() => {
  setSettings({ JOBS_INLINE: "true" });
});

afterAll(async () => {
  setSettings({ JOBS_INLINE: undefined });
  await closeOperationEvents();
});

describe("jobs run by the web process (JOBS_INLINE)", () => {
  it("completes every kind of image operation with no worker, charging as a worker would", async () => {
    const { user, cookie } = await signedInUser();
    const generated = await (await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a lighthouse", count: 2 } }))).json();
    expect(generated.results).toHaveLength(2);
    const first: string = generated.result.sample;
    await expectImage(first, cookie);

    const edited = await edit(apiRequest("POST", "/api/flux/edit", { cookie, body: { prompt: "brighter", imageUrl: first } }));
    expect(edited.status).toBe(200);
    await expectImage((await edited.json()).result.sample, cookie);

    // Small photos: what is checked is that each kind runs here, not what it makes of a large one.
    const portrait = await sharp(photo("astronaut.png")).resize(128).png().toBuffer();
    const small = await sharp(photo("coffee.png")).resize(120).png().toBuffer();
    const toolFields: Record<string, string>[] = [
      { operation: "background_removal", background: "ocean" },
      { operation: "cartoon_style", style: "anime" },
    ];
    for (const fields of toolFields) {
      const response = await edit(multipartRequest("/api/flux/edit", cookie, { image: blob(portrait), ...fields }));
      expect(response.status).toBe(200);
      await expectImage((await response.json()).result.sample, cookie);
    }

    const mask = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#fff" } })
      .composite([{ input: Buffer.from('<svg width="120" height="80"><circle cx="60" cy="40" r="10" fill="#000"/></svg>') }])
      .png()
      .toBuffer();
    const removed = await removeObject(multipartRequest("/api/openai/object-removal", cookie, { image: blob(small), mask: blob(mask) }));
    expect(removed.status).toBe(200);

    const upscaled = await upscale(multipartRequest("/api/upscale", cookie, { image: blob(small), scale: "2", quality: "fast" }));
    expect(upscaled.status).toBe(200);
    expect((await expectImage((await upscaled.json()).result.sample, cookie)).width).toBe(240);

    const selected = await segment(apiRequest("POST", "/api/segment", { cookie, body: { image: dataUrl(small), points: [{ x: 60, y: 47, label: 1 }] } }));
    expect(selected.status).toBe(200);

    const converted = await convert(apiRequest("POST", "/api/convert-image", { body: { image: dataUrl(small), format: "webp" }, ip: uniqueIp() }));
    expect(converted.status).toBe(200);
    expect((await expectImage((await converted.json()).convertedImage, cookiesSetBy(converted))).format).toBe("webp");

    const operations = await db.operation.findMany({ where: { userId: user.id } });
    expect(operations.every((operation) => operation.status === "succeeded" && operation.attempts === 1)).toBe(true);
    for (const operation of operations) expect((await jobOf(operation.id))?.state).toBe("completed");
    expect(await balanceOf(user.id)).toBe(60 - operations.reduce((sum, operation) => sum + operation.cost, 0));
    expect(await ledgerMatchesBalance(user.id)).toBe(true);
  });

  it("answers 202 at once under Prefer: respond-async and finishes the job after the answer", async () => {
    const { cookie } = await signedInUser();
    const accepted = await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a harbour" }, headers: { prefer: "respond-async" } }));
    expect(accepted.status).toBe(202);
    const { operationId } = await accepted.json();
    let view = { status: "queued" };
    // Up to 20 s, looking every 20 ms.
    for (let attempt = 0; attempt < 1000 && !["succeeded", "failed"].includes(view.status); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      view = await (await getOperation(apiRequest("GET", `/api/operations/${operationId}`, { cookie }), params(operationId))).json();
    }
    expect(view.status).toBe("succeeded");
  });

  it("keeps a job it runs away from a worker watching the same queue", async () => {
    const worker = await startWorker({ databaseUrl: env().DATABASE_URL, remoteConcurrency: 2 });
    try {
      const { cookie } = await signedInUser();
      const portrait = await sharp(photo("astronaut.png")).resize(128).png().toBuffer();
      const response = await edit(multipartRequest("/api/flux/edit", cookie, { image: blob(portrait), operation: "cartoon_style", style: "retro" }));
      expect(response.status).toBe(200);
      const { operationId } = await response.json();
      const operation = await db.operation.findUniqueOrThrow({ where: { id: operationId } });
      expect(operation).toMatchObject({ status: "succeeded", attempts: 1 });
      // Completed here without ever being fetched: no worker started it.
      expect(await jobOf(operationId)).toEqual({ state: "completed", startedOn: null });
    } finally {
      await worker.stop();
    }
  });
});
