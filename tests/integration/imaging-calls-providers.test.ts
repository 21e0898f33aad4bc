// The image calls with AI providers configured, against fakes that speak their HTTP APIs: what a
// user is charged, and that every failure gives the credits back.
import sharp from "sharp";
import { POST as edit } from "@/app/api/flux/edit/route";
import { POST as generate } from "@/app/api/flux/generate/route";
import { POST as removeObject } from "@/app/api/openai/object-removal/route";
import { db } from "@/lib/db";
import { apiRequest, signedInUser } from "./helpers";
import { balanceOf, blob, fetchFile, ledgerKinds, multipartRequest, photo } from "./imaging-helpers";
import { withFakeProviders } from "./fake-providers";
import { withImageWorker } from "./image-worker";

jest.setTimeout(60_000);

withImageWorker();

const { flux, openai } = withFakeProviders({ IMAGE_PROVIDER_OBJECT_REMOVAL: "openai" });

const lastOperation = (userId: string) => db.operation.findFirstOrThrow({ where: { userId }, orderBy: { createdAt: "desc" } });

describe("with Flux configured", () => {
  it("generates through Flux, stores the sample as our own file and charges 2", async () => {
    const { user, cookie } = await signedInUser();
    const response = await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a lighthouse" } }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.result.sample).toMatch(/^\/api\/files\//);
    expect(body.result.sample).not.toContain("127.0.0.1");
    const stored = await fetchFile(body.result.sample, cookie);
    expect((await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).format).toBe("png");
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2"]);
    expect(await lastOperation(user.id)).toMatchObject({ provider: "flux", status: "succeeded", cost: 2 });
  });

  it.each([
    [{ kind: "error", message: "GPU lost" } as const, 502, /failed/i],
    [{ kind: "content-moderated" } as const, 422, /moderated/i],
    [{ kind: "request-moderated" } as const, 422, /moderated/i],
    [{ kind: "never-ready" } as const, 504, /timeout/i],
    [{ kind: "submit-500" } as const, 502, /failed/i],
  ])("refunds a generation that ends in %p", async (scenario, status, message) => {
    flux.scenario = scenario;
    const { user, cookie } = await signedInUser();
    const response = await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a lighthouse" } }));
    expect(response.status).toBe(status);
    expect((await response.json()).message).toMatch(message);
    expect(await balanceOf(user.id)).toBe(60);
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2", "refund:2"]);
    const operation = await lastOperation(user.id);
    expect(operation).toMatchObject({ provider: "flux", status: "failed" });
    expect(operation.error).toMatch(message);
  });

  it("cartoonizes with the style's fixed prompt through Kontext and charges 3", async () => {
    const { user, cookie } = await signedInUser();
    const response = await edit(multipartRequest("/api/flux/edit", cookie, { image: blob(photo("coffee.png")), operation: "cartoon_style", style: "retro" }));
    expect(response.status).toBe(200);
    expect(flux.submits.at(-1)?.body).toMatchObject({ prompt: expect.stringContaining("retro 1950s cartoon") });
    expect(await balanceOf(user.id)).toBe(57);
  });
});

describe("with OpenAI doing object removal", () => {
  const mask = () =>
    sharp({ create: { width: 600, height: 400, channels: 3, background: "#fff" } })
      .composite([{ input: Buffer.from('<svg width="600" height="400"><circle cx="300" cy="200" r="50" fill="#000"/></svg>') }])
      .png()
      .toBuffer();

  it("charges 1 for a removal and refunds a moderation block and a server error", async () => {
    const { user, cookie } = await signedInUser();
    const ok = await removeObject(multipartRequest("/api/openai/object-removal", cookie, { image: blob(photo("coffee.png")), mask: blob(await mask()) }));
    expect(ok.status).toBe(200);
    expect(await lastOperation(user.id)).toMatchObject({ provider: "openai", status: "succeeded", cost: 1 });

    openai.scenario = { kind: "moderation" };
    const blocked = await removeObject(multipartRequest("/api/openai/object-removal", cookie, { image: blob(photo("coffee.png")), mask: blob(await mask()) }));
    expect(blocked.status).toBe(422);
    openai.scenario = { kind: "server-error" };
    const failed = await removeObject(multipartRequest("/api/openai/object-removal", cookie, { image: blob(photo("coffee.png")), mask: blob(await mask()) }));
    expect(failed.status).toBe(502);
    expect(await balanceOf(user.id)).toBe(59);
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-1", "spend:-1", "refund:1", "spend:-1", "refund:1"]);
  });
});
