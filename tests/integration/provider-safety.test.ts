// Providers' safety, against fakes that speak their HTTP APIs: Flux is sent the configured
// safety_tolerance, and with an OpenAI key every prompt and uploaded image is first checked by the
// moderation endpoint. A refusal on safety grounds, ours or a provider's, is never charged, shows the
// spec's safety message, and is recorded on the operation with who refused and why.
import { POST as edit } from "@/app/api/flux/edit/route";
import { POST as generate } from "@/app/api/flux/generate/route";
import { POST as removeObject } from "@/app/api/openai/object-removal/route";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { classifyProcessingError } from "@/lib/imaging/processing-errors";
import sharp from "sharp";
import { setSettings } from "../setup/settings";
import { apiRequest, signedInUser } from "./helpers";
import { balanceOf, blob, ledgerKinds, multipartRequest, photo } from "./imaging-helpers";
import { withFakeProviders } from "./fake-providers";
import { withImageWorker } from "./image-worker";

jest.setTimeout(60_000);

withImageWorker();

const { flux, openai } = withFakeProviders({ IMAGE_PROVIDER_OBJECT_REMOVAL: "openai" });

const lastOperation = (userId: string) => db.operation.findFirstOrThrow({ where: { userId }, orderBy: { createdAt: "desc" } });

async function generateAs(cookie: string, prompt = "a lighthouse at dusk") {
  const response = await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt } }));
  return { status: response.status, body: (await response.json()) as { code?: string; message?: string } };
}

/** What a refused call looks like to its caller and in the books: the spec's safety message, no charge left. */
async function expectRefusedAndRefunded(userId: string, answer: { status: number; body: { code?: string; message?: string } }, cost: number) {
  expect(answer.status).toBe(422);
  expect(classifyProcessingError({ status: answer.status, code: answer.body.code, message: answer.body.message }).kind).toBe("moderated");
  expect(await balanceOf(userId)).toBe(60);
  expect(await ledgerKinds(userId)).toEqual(["grant:60", `spend:-${cost}`, `refund:${cost}`]);
  const operation = await lastOperation(userId);
  expect(operation).toMatchObject({ status: "failed", errorCode: "moderated" });
  return operation;
}

describe("Flux's safety_tolerance", () => {
  it("sends BFL's default, 2, when BFL_SAFETY_TOLERANCE is not set", async () => {
    const { cookie } = await signedInUser();
    expect((await generateAs(cookie)).status).toBe(200);
    expect(flux.submits).toHaveLength(1);
    expect(flux.submits[0]!.body.safety_tolerance).toBe(2);
  });

  it("sends the configured level on generations and on Kontext edits", async () => {
    setSettings({ BFL_SAFETY_TOLERANCE: "5" });
    const { cookie } = await signedInUser();
    expect((await generateAs(cookie)).status).toBe(200);
    const edited = await edit(multipartRequest("/api/flux/edit", cookie, { image: blob(photo("coffee.png")), prompt: "make it a watercolour" }));
    expect(edited.status).toBe(200);
    expect(flux.submits.map((submit) => submit.body.safety_tolerance)).toEqual([5, 5]);
  });

  it("reads a blank BFL_SAFETY_TOLERANCE as unset: BFL's default, not 0", () => {
    setSettings({ BFL_SAFETY_TOLERANCE: " " });
    expect(env().BFL_SAFETY_TOLERANCE).toBe(2);
  });

  it.each(["7", "-1", "2.5", "strict"])("refuses BFL_SAFETY_TOLERANCE=%s when the settings are read", (value) => {
    setSettings({ BFL_SAFETY_TOLERANCE: value });
    expect(() => env()).toThrow(/BFL_SAFETY_TOLERANCE/);
  });
});

describe("the moderation check with an OpenAI key", () => {
  it("refuses a flagged prompt before Flux is called, refunds it and records the categories and scores", async () => {
    openai.moderation = { kind: "flagged", categories: ["violence", "violence/graphic"] };
    const { user, cookie } = await signedInUser();
    const operation = await expectRefusedAndRefunded(user.id, await generateAs(cookie, "a gruesome scene"), 2);
    expect(flux.submits).toHaveLength(0);
    expect(openai.moderations).toEqual([{ model: "omni-moderation-latest", input: [{ type: "text", text: "a gruesome scene" }] }]);
    expect(operation.moderation).toMatchObject({
      by: "openai-moderation",
      categories: ["violence", "violence/graphic"],
      scores: { violence: 0.93, "violence/graphic": 0.93, sexual: 0.0004 },
    });
  });

  it("checks an uploaded image as a data URL beside the prompt, and refuses it when flagged", async () => {
    openai.moderation = { kind: "flagged", categories: ["sexual"] };
    const { user, cookie } = await signedInUser();
    const response = await edit(multipartRequest("/api/flux/edit", cookie, { image: blob(photo("coffee.png")), prompt: "make it a watercolour" }));
    const operation = await expectRefusedAndRefunded(user.id, { status: response.status, body: await response.json() }, 3);
    expect(flux.submits).toHaveLength(0);
    const input = openai.moderations[0]!.input as { type: string; text?: string; image_url?: { url: string } }[];
    expect(input[0]).toEqual({ type: "text", text: "make it a watercolour" });
    expect(input[1]!.type).toBe("image_url");
    const sent = Buffer.from(input[1]!.image_url!.url.replace(/^data:image\/png;base64,/, ""), "base64");
    expect((await sharp(sent).metadata()).format).toBe("png");
    expect(operation.moderation).toMatchObject({ by: "openai-moderation", categories: ["sexual"] });
  });

  it("checks work for the offline engine too, and refuses it when flagged", async () => {
    setSettings({ IMAGE_PROVIDER: "local" });
    openai.moderation = { kind: "flagged", categories: ["hate"] };
    const { user, cookie } = await signedInUser();
    const answer = await generateAs(cookie, "a hateful banner");
    const { cost } = await lastOperation(user.id);
    const operation = await expectRefusedAndRefunded(user.id, answer, cost);
    expect(operation).toMatchObject({ provider: "local", moderation: expect.objectContaining({ by: "openai-moderation", categories: ["hate"] }) });
    expect(flux.submits).toHaveLength(0);
  });

  it("lets an unflagged prompt through to Flux and charges it", async () => {
    const { user, cookie } = await signedInUser();
    expect((await generateAs(cookie)).status).toBe(200);
    expect(openai.moderations).toHaveLength(1);
    expect(flux.submits).toHaveLength(1);
    expect(await lastOperation(user.id)).toMatchObject({ status: "succeeded", moderation: null });
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2"]);
  });

  it("goes on without the check when the moderation endpoint fails, leaving the provider's own filter", async () => {
    openai.moderation = { kind: "server-error" };
    const { user, cookie } = await signedInUser();
    expect((await generateAs(cookie)).status).toBe(200);
    expect(openai.moderations).toHaveLength(1);
    expect(await lastOperation(user.id)).toMatchObject({ status: "succeeded" });
  });
});

describe("a provider refusing on its own safety grounds", () => {
  it.each([
    ["Request Moderated", "request-moderated"],
    ["Content Moderated", "content-moderated"],
  ] as const)("maps BFL's %s to the safety message, refunds it and records it", async (status, kind) => {
    flux.scenario = { kind };
    const { user, cookie } = await signedInUser();
    const operation = await expectRefusedAndRefunded(user.id, await generateAs(cookie), 2);
    expect(operation.moderation).toMatchObject({ by: "flux", reason: status, details: { "Moderation Reasons": [expect.any(String)] } });
  });

  it("maps OpenAI's moderation_blocked to the safety message, refunds it and records it", async () => {
    openai.scenario = { kind: "moderation" };
    const mask = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#fff" } })
      .composite([{ input: Buffer.from('<svg width="600" height="400"><circle cx="300" cy="200" r="50" fill="#000"/></svg>') }])
      .png()
      .toBuffer();
    const { user, cookie } = await signedInUser();
    const response = await removeObject(multipartRequest("/api/openai/object-removal", cookie, { image: blob(photo("coffee.png")), mask: blob(mask) }));
    const operation = await expectRefusedAndRefunded(user.id, { status: response.status, body: await response.json() }, 1);
    expect(openai.requests).toHaveLength(1);
    expect(operation.moderation).toMatchObject({ by: "openai", reason: "moderation_blocked" });
  });
});
