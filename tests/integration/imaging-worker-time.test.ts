// Free worker time: a guest's image has a smaller pixel limit, and every caller (an account, or a
// guest's address) has an hourly allowance of worker time that failed work uses up too. Both refuse
// before anything is stored, queued or charged.
import { POST as convert } from "@/app/api/convert-image/route";
import { POST as edit } from "@/app/api/flux/edit/route";
import { db } from "@/lib/db";
import { requestCancel } from "@/lib/jobs/cancel";
import { flatOneBitPng } from "../fixtures/png-bombs";
import { apiRequest, signedInUser, uniqueIp } from "./helpers";
import { balanceOf, dataUrl, photo } from "./imaging-helpers";
import { withImageWorker } from "./image-worker";
import { setSettings } from "../setup/settings";

jest.setTimeout(120_000);

withImageWorker();

function withEnv(values: Record<string, string>): void {
  beforeEach(() => setSettings(values));
}

/** A PNG whose headers are sound and whose pixel data is not: refused by the worker, after it tried. */
function damagedPng(): Buffer {
  const png = Buffer.from(photo("coffee.png"));
  const idat = png.indexOf("IDAT");
  for (let at = idat + 200; at < idat + 4000; at++) png[at] = 0xff - png[at]!;
  return png;
}

const convertAs = (ip: string, image: Buffer, cookie?: string, format = "webp") =>
  convert(apiRequest("POST", "/api/convert-image", { ip, cookie, body: { image: dataUrl(image), format } }));

const operationsFrom = (ip: string) => db.operation.count({ where: { guestAddress: ip } });

describe("a guest's pixel limit", () => {
  it("refuses a guest's 5 KB, 40-megapixel PNG with 413 before anything is stored or queued, and lets an account convert it", async () => {
    const bomb = flatOneBitPng(6400, 6250, [0x22, 0x33, 0x44]);
    expect(bomb.length).toBeLessThan(20 * 1024);
    const ip = uniqueIp();
    const filesBefore = await db.storedFile.count();
    const refused = await convertAs(ip, bomb);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({
      error: "guest_image_too_many_pixels",
      message: "The image has too many pixels for a guest (at most 12 megapixels). Sign in to convert images of up to 40 megapixels.",
    });
    expect(await operationsFrom(ip)).toBe(0);
    expect(await db.storedFile.count()).toBe(filesBefore);

    const { cookie } = await signedInUser();
    const accepted = await convert(
      apiRequest("POST", "/api/convert-image", { ip, cookie, headers: { prefer: "respond-async" }, body: { image: dataUrl(bomb), format: "webp" } }),
    );
    expect(accepted.status).toBe(202);
    // Its work is not this test's point: a worker need not spend half a minute on it.
    await requestCancel(await db.operation.findUniqueOrThrow({ where: { id: (await accepted.json()).operationId } }));
  });

  describe("set with IMAGE_GUEST_MAX_PIXELS", () => {
    // coffee.png is 600×400.
    const withLimit = (pixels: number) => withEnv({ IMAGE_GUEST_MAX_PIXELS: String(pixels) });
    describe("at the image's own size", () => {
      withLimit(600 * 400);
      it("converts it", async () => expect((await convertAs(uniqueIp(), photo("coffee.png"))).status).toBe(200));
    });
    describe("one pixel below it", () => {
      withLimit(600 * 400 - 1);
      it("refuses it", async () => {
        const response = await convertAs(uniqueIp(), photo("coffee.png"));
        expect(response.status).toBe(413);
        expect((await response.json()).error).toBe("guest_image_too_many_pixels");
      });
    });
  });
});

describe("the hourly allowance of worker time", () => {
  // A millisecond: any job that ran uses it up.
  withEnv({ IMAGE_WORKER_SECONDS_GUEST: "0.001", IMAGE_WORKER_SECONDS_ACCOUNT: "0.001" });

  it("records the time a job ran and then refuses the guest's address with 429 and Retry-After, storing and queuing nothing", async () => {
    const ip = uniqueIp();
    const first = await convertAs(ip, photo("coffee.png"));
    expect(first.status).toBe(200);
    const { operationId } = await first.json();
    expect((await db.operation.findUniqueOrThrow({ where: { id: operationId } })).workerMs).toBeGreaterThan(0);

    const filesBefore = await db.storedFile.count();
    const refused = await convertAs(ip, photo("astronaut.png"));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toEqual({
      error: "processing_time_used",
      message: "You have used this hour's image processing time (1 minute without an account). Please try again in 60 minutes.",
    });
    expect(await operationsFrom(ip)).toBe(1);
    expect(await db.storedFile.count()).toBe(filesBefore);

    // Another address, and an account on the same address, each have their own allowance.
    expect((await convertAs(uniqueIp(), photo("coffee.png"))).status).toBe(200);
    const { cookie } = await signedInUser();
    expect((await convertAs(ip, photo("coffee.png"), cookie)).status).toBe(200);
  });

  it("counts work that failed, and then refuses an account's paid request before any charge, file or operation", async () => {
    const ip = uniqueIp();
    const { user, cookie } = await signedInUser({ credits: 10 });
    const failed = await convertAs(ip, damagedPng(), cookie, "jpeg");
    expect(failed.status).toBeGreaterThanOrEqual(400);
    const ran = await db.operation.findFirstOrThrow({ where: { userId: user.id } });
    expect(ran.status).toBe("failed");
    expect(ran.workerMs).toBeGreaterThan(0);

    const filesBefore = await db.storedFile.count();
    const refused = await edit(
      apiRequest("POST", "/api/flux/edit", { ip, cookie, body: { prompt: "make it black and white", imageUrl: dataUrl(photo("coffee.png")) } }),
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect((await refused.json()).message).toBe("You have used this hour's image processing time (1 minute). Please try again in 60 minutes.");
    expect(await balanceOf(user.id)).toBe(10);
    expect(await db.operation.count({ where: { userId: user.id } })).toBe(1);
    expect(await db.storedFile.count()).toBe(filesBefore);

    // The account's use leaves a guest on the same address free to work.
    expect((await convertAs(ip, photo("coffee.png"))).status).toBe(200);
  });

  it("gives an account on a paid plan its own allowance (IMAGE_WORKER_SECONDS_PAID)", async () => {
    const { cookie } = await signedInUser({ tier: "pro" });
    expect((await convertAs(uniqueIp(), photo("coffee.png"), cookie)).status).toBe(200);
    expect((await convertAs(uniqueIp(), photo("coffee.png"), cookie)).status).toBe(200);
    setSettings({ IMAGE_WORKER_SECONDS_PAID: "0.001" });
    try {
      expect((await convertAs(uniqueIp(), photo("coffee.png"), cookie)).status).toBe(429);
    } finally {
      setSettings({ IMAGE_WORKER_SECONDS_PAID: undefined });
    }
  });

  it("answers again once the hour has passed", async () => {
    const { user, cookie } = await signedInUser();
    expect((await convertAs(uniqueIp(), photo("coffee.png"), cookie)).status).toBe(200);
    expect((await convertAs(uniqueIp(), photo("coffee.png"), cookie)).status).toBe(429);
    await db.operation.updateMany({ where: { userId: user.id }, data: { createdAt: new Date(Date.now() - 61 * 60 * 1000) } });
    expect((await convertAs(uniqueIp(), photo("coffee.png"), cookie)).status).toBe(200);
  });
});

describe("work still running", () => {
  withEnv({ IMAGE_WORKER_SECONDS_ACCOUNT: "60" });

  /** An operation of the account that a worker started `seconds` ago and has not finished. */
  const runningFor = (userId: string, seconds: number) =>
    db.operation.create({ data: { userId, kind: "convert", provider: "local", status: "running", startedAt: new Date(Date.now() - seconds * 1000) } });

  it("counts for the time it has run, so jobs started side by side cannot each find the allowance untouched", async () => {
    const { user, cookie } = await signedInUser({ credits: 10 });
    await runningFor(user.id, 10);
    expect((await convertAs(uniqueIp(), photo("coffee.png"), cookie)).status).toBe(200);

    await runningFor(user.id, 61);
    const refused = await convertAs(uniqueIp(), photo("coffee.png"), cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect((await refused.json()).message).toBe("You have used this hour's image processing time (1 minute). Please try again in 1 minute.");
  });
});
