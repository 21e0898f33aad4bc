// A worker's job that fails for a reason no code foresaw: its lines carry the operation's id, and the
// error goes to Sentry (a fake of its envelope endpoint on 127.0.0.1) tagged with that id, without the
// e-mail address the error quoted. The job's engine is made to throw; the worker, the queue, the
// settlement and the refund are the real ones.
import { db } from "@/lib/db";
import { enqueueOperation } from "@/lib/jobs/enqueue";
import { FakeSentry } from "../fakes/sentry-server";
import { setSettings } from "../setup/settings";
import { signedInUser } from "./helpers";
import { withImageWorker } from "./image-worker";
import { captureLogs } from "./log-pipeline";

jest.mock("@/lib/imaging/engine/perform", () => ({
  ...jest.requireActual("@/lib/imaging/engine/perform"),
  performOperation: async () => {
    throw new Error("the engine fell over while serving ada.lovelace@example.com");
  },
}));

const sentry = new FakeSentry();

beforeAll(async () => {
  await sentry.start();
  setSettings({ SENTRY_DSN: sentry.dsn });
});

afterAll(async () => {
  setSettings({ SENTRY_DSN: undefined });
  await sentry.stop();
});

withImageWorker();

it("logs the failed job under its operation's id and reports it to Sentry with that id and no address", async () => {
  const capture = captureLogs();
  const { user } = await signedInUser();
  const operation = await enqueueOperation({
    userId: user.id,
    kind: "generate",
    charge: "generate",
    providerId: "local",
    prompt: "a lighthouse",
    params: {},
    seed: 7,
  });

  const event = await sentry.waitForEvent((received) => (received.tags as Record<string, string> | undefined)?.operation_id === operation.id, 30_000);
  expect(event).toMatchObject({
    tags: { where: "job generate", operation_id: operation.id },
    exception: { values: [{ type: "Error", value: "the engine fell over while serving a***@example.com" }] },
  });
  expect(JSON.stringify(event)).not.toContain("ada.lovelace@example.com");

  // Failed and refunded as any failure is; the job's lines say which operation they are about. The
  // finishing line is written after the settlement, so it is waited for, not the operation's status.
  const linesAbout = () => capture.lines().filter((line) => line.operationId === operation.id);
  for (let attempt = 0; attempt < 200 && !linesAbout().some((line) => line.msg === "image job finished"); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  capture.stop();
  expect((await db.operation.findUniqueOrThrow({ where: { id: operation.id } })).status).toBe("failed");
  expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).credits).toBe(user.credits);
  const lines = linesAbout();
  expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(["job failed", "image job finished"]));
  expect(lines.find((line) => line.msg === "image job finished")).toMatchObject({ event: "image_job", kind: "generate", outcome: "failed" });
  expect(capture.text()).not.toContain("ada.lovelace@example.com");
});
