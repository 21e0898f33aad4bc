import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { assetFromEncoded } from "@/lib/imaging/asset";
import { ModerationError, ProcessingTimeoutError, ProviderFailedError } from "@/lib/imaging/errors";
import {
  BACKGROUND_PROMPTS,
  CARTOON_LOOK_PROMPTS,
  customBackgroundPrompt,
  customCartoonPrompt,
  MASK_FILL_PROMPT,
  REMOVE_BACKGROUND_PROMPT,
} from "@/lib/imaging/presets";
import { createFluxProvider } from "@/lib/imaging/engine/providers/flux";
import { createOpenAIProvider } from "@/lib/imaging/engine/providers/openai";
import type { ImageAsset, ImageProvider, MaskStyle } from "@/lib/imaging/types";
import { FakeFlux } from "../fakes/flux-server";
import { FakeOpenAIImages, type RecordedPart } from "../fakes/openai-images-server";

const PHOTOS = path.join(__dirname, "..", "fixtures", "photos");

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where the tests paint "the object" on coffee.png (600×400). */
const OBJECT: Rect = { left: 150, top: 100, width: 120, height: 90 };

const inside = (rect: Rect, x: number, y: number, margin = 0) =>
  x >= rect.left + margin && x < rect.left + rect.width - margin && y >= rect.top + margin && y < rect.top + rect.height - margin;

/** A painted mask as the editor exports it: the object in one colour on the other, opaque. */
async function paintedMask(style: MaskStyle, width: number, height: number, rect: Rect): Promise<ImageAsset> {
  const background = style === "black-on-white" ? 255 : 0;
  const grey = Buffer.alloc(width * height, background);
  for (let y = rect.top; y < rect.top + rect.height; y++) grey.fill(255 - background, y * width + rect.left, y * width + rect.left + rect.width);
  return assetFromEncoded(
    await sharp(grey, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer(),
  );
}

/** A black-on-white mask whose unpainted area is transparent rather than white (as a bare canvas exports it). */
async function transparentCanvasMask(width: number, height: number, rect: Rect): Promise<ImageAsset> {
  const rgba = Buffer.alloc(width * height * 4, 0);
  for (let y = rect.top; y < rect.top + rect.height; y++) {
    for (let x = rect.left; x < rect.left + rect.width; x++) rgba[(y * width + x) * 4 + 3] = 255;
  }
  return assetFromEncoded(
    await sharp(rgba, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
  );
}

async function elapsed<T>(work: Promise<T>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  try {
    await work;
    return { error: undefined, ms: Date.now() - started };
  } catch (error) {
    return { error, ms: Date.now() - started };
  }
}

type WarningLogger = (options: { warnings: unknown[] }) => void;
const sdkGlobals = globalThis as { AI_SDK_LOG_WARNINGS?: WarningLogger | false };

let astronaut: ImageAsset;
let coffee: ImageAsset;
const sdkWarnings: unknown[] = [];

beforeAll(async () => {
  astronaut = await assetFromEncoded(await readFile(path.join(PHOTOS, "astronaut.png")));
  coffee = await assetFromEncoded(await readFile(path.join(PHOTOS, "coffee.png")));
  // The SDK reports settings a model does not support as warnings; collect them to prove there are none.
  sdkGlobals.AI_SDK_LOG_WARNINGS = ({ warnings }) => sdkWarnings.push(...warnings);
});

afterAll(() => {
  delete sdkGlobals.AI_SDK_LOG_WARNINGS;
});

afterEach(() => {
  expect(sdkWarnings).toEqual([]);
  sdkWarnings.length = 0;
});

describe("Flux provider (against a fake Black Forest Labs API)", () => {
  const fake = new FakeFlux();

  beforeAll(async () => {
    await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
  });
  beforeEach(() => fake.reset());

  const flux = (overrides: Partial<Parameters<typeof createFluxProvider>[0]> = {}): ImageProvider =>
    createFluxProvider({ apiKey: fake.apiKey, baseURL: fake.apiUrl, pollIntervalMs: 20, pollTimeoutMs: 5000, maxRetries: 0, ...overrides });

  const lastSubmit = () => {
    const submit = fake.submits.at(-1);
    if (!submit) throw new Error("Nothing was submitted to the fake Flux API");
    return submit;
  };

  const decodeBase64Image = async (value: unknown) => {
    expect(typeof value).toBe("string");
    const { data, info } = await sharp(Buffer.from(String(value), "base64"))
      .toColourspace("b-w")
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, info };
  };

  it("generates: submits the prompt and size, polls Pending until Ready, and returns the sample's bytes", async () => {
    fake.scenario = { kind: "ready", pendingPolls: 3 };
    const provider = flux();
    expect(provider.id).toBe("flux");

    const result = await provider.generate!({ prompt: "a lighthouse at dawn", width: 1024, height: 768 });

    expect(result.buffer.equals(fake.samplePng)).toBe(true);
    expect(result).toMatchObject({ contentType: "image/png", width: 48, height: 32 });
    const submit = lastSubmit();
    expect(submit.model).toBe("flux-pro-1.1");
    expect(submit.apiKey).toBe(fake.apiKey);
    expect(submit.body).toMatchObject({ prompt: "a lighthouse at dawn", width: 1024, height: 768, output_format: "png" });
    expect(submit.body).not.toHaveProperty("aspect_ratio");
    expect(fake.pollsFor(submit.id).map((poll) => poll.status)).toEqual(["Pending", "Pending", "Pending", "Ready"]);
    expect(fake.downloads).toEqual([submit.id]);
  });

  it("keeps sizes within what the sized models accept, and gives aspect-ratio models a ratio", async () => {
    await flux().generate!({ prompt: "wide", width: 3000, height: 1500 });
    expect(lastSubmit().body).toMatchObject({ width: 1440, height: 736 });

    await flux({ generateModel: "flux-pro-1.1-ultra" }).generate!({ prompt: "ultra", width: 1200, height: 900 });
    expect(lastSubmit().model).toBe("flux-pro-1.1-ultra");
    expect(lastSubmit().body).toMatchObject({ prompt: "ultra", aspect_ratio: "4:3" });
    expect(lastSubmit().body).not.toHaveProperty("width");
  });

  it("edits with Kontext: sends the input image and the prompt to the edit model", async () => {
    const result = await flux().edit!({ image: astronaut, prompt: "Give her a red scarf" });

    expect(result.buffer.equals(fake.samplePng)).toBe(true);
    const submit = lastSubmit();
    expect(submit.model).toBe("flux-kontext-pro");
    expect(submit.body.prompt).toBe("Give her a red scarf");
    expect(submit.body.input_image).toBe(astronaut.buffer.toString("base64"));
    expect(submit.body).not.toHaveProperty("mask");
  });

  it("cartoonizes with the style's fixed prompt, or the custom style's", async () => {
    await flux().cartoonize!({ image: coffee, style: "anime" });
    expect(lastSubmit()).toMatchObject({ model: "flux-kontext-pro", body: { prompt: CARTOON_LOOK_PROMPTS.anime } });
    expect(lastSubmit().body.input_image).toBe(coffee.buffer.toString("base64"));

    await flux({ editModel: "flux-kontext-max" }).cartoonize!({ image: coffee, style: null, customStyle: "stained glass" });
    expect(lastSubmit()).toMatchObject({ model: "flux-kontext-max", body: { prompt: customCartoonPrompt("stained glass") } });
  });

  it("replaces or removes the background with the preset's, the custom text's or the removal prompt", async () => {
    const provider = flux();
    await provider.removeBackground!({ image: astronaut, background: { preset: "forest" } });
    expect(lastSubmit().body.prompt).toBe(BACKGROUND_PROMPTS.forest);

    await provider.removeBackground!({ image: astronaut, background: { prompt: "a neon-lit street at night" } });
    expect(lastSubmit().body.prompt).toBe(customBackgroundPrompt("a neon-lit street at night"));

    await provider.removeBackground!({ image: astronaut, background: { preset: "none" } });
    expect(lastSubmit()).toMatchObject({ model: "flux-kontext-pro", body: { prompt: REMOVE_BACKGROUND_PROMPT } });
    expect(lastSubmit().body.input_image).toBe(astronaut.buffer.toString("base64"));
  });

  it.each<MaskStyle>(["black-on-white", "white-on-black"])(
    "removes an object with Fill: the mask sent is white exactly where the object was painted (%s)",
    async (style) => {
      const result = await flux().removeObject!({ image: coffee, mask: await paintedMask(style, 600, 400, OBJECT), maskStyle: style });

      expect(result.buffer.equals(fake.samplePng)).toBe(true);
      const submit = lastSubmit();
      expect(submit.model).toBe("flux-pro-1.0-fill");
      expect(submit.body.prompt).toBe(MASK_FILL_PROMPT);
      expect(submit.body.image).toBe(coffee.buffer.toString("base64"));
      const { data, info } = await decodeBase64Image(submit.body.mask);
      expect([info.width, info.height]).toEqual([600, 400]);
      let wrong = 0;
      for (let y = 0; y < 400; y++) {
        for (let x = 0; x < 600; x++) if (data[y * 600 + x] !== (inside(OBJECT, x, y) ? 255 : 0)) wrong++;
      }
      expect(wrong).toBe(0);
    },
  );

  it("stretches a mask of another size to the image, and passes a custom removal prompt", async () => {
    const half: Rect = { left: OBJECT.left / 2, top: OBJECT.top / 2, width: OBJECT.width / 2, height: OBJECT.height / 2 };
    await flux().removeObject!({
      image: coffee,
      mask: await paintedMask("black-on-white", 300, 200, half),
      maskStyle: "black-on-white",
      prompt: "Fill with more table",
    });

    const submit = lastSubmit();
    expect(submit.body.prompt).toBe("Fill with more table");
    const { data, info } = await decodeBase64Image(submit.body.mask);
    expect([info.width, info.height]).toEqual([600, 400]);
    const around: Rect = { left: OBJECT.left - 3, top: OBJECT.top - 3, width: OBJECT.width + 6, height: OBJECT.height + 6 };
    let notWhiteInside = 0;
    let notBlackOutside = 0;
    for (let y = 0; y < 400; y++) {
      for (let x = 0; x < 600; x++) {
        // Interpolation greys the edge itself; away from it the mask must be clean.
        const value = data[y * 600 + x]!;
        if (inside(OBJECT, x, y, 3) && value <= 250) notWhiteInside++;
        if (!inside(around, x, y) && value >= 5) notBlackOutside++;
      }
    }
    expect({ notWhiteInside, notBlackOutside }).toEqual({ notWhiteInside: 0, notBlackOutside: 0 });
  });

  it.each([
    ["Content Moderated", "content-moderated"],
    ["Request Moderated", "request-moderated"],
  ] as const)("%s → ModerationError at once, well before the polling deadline", async (status, kind) => {
    fake.scenario = { kind, pendingPolls: 2 };
    const { error, ms } = await elapsed(flux({ pollIntervalMs: 50, pollTimeoutMs: 20_000 }).edit!({ image: astronaut, prompt: "anything" }));

    expect(error).toBeInstanceOf(ModerationError);
    expect((error as Error).message).toMatch(/moderated/i);
    expect(ms).toBeLessThan(2000);
    const polls = fake.pollsFor(lastSubmit().id);
    expect(polls.map((poll) => poll.status)).toEqual(["Pending", "Pending", status]);
    expect(fake.downloads).toEqual([]);
  });

  it("Error status → ProviderFailedError carrying the provider's reason", async () => {
    fake.scenario = { kind: "error", message: "Inference worker crashed", pendingPolls: 1 };
    const { error } = await elapsed(flux().generate!({ prompt: "a cat", width: 512, height: 512 }));

    expect(error).toBeInstanceOf(ProviderFailedError);
    expect((error as Error).message).toMatch(/failed/i);
    expect((error as Error).message).toContain("Inference worker crashed");
  });

  it("HTTP 500 on submit → ProviderFailedError, without polling", async () => {
    fake.scenario = { kind: "submit-500" };
    const { error } = await elapsed(flux().generate!({ prompt: "a cat", width: 512, height: 512 }));

    expect(error).toBeInstanceOf(ProviderFailedError);
    expect((error as Error).message).toMatch(/failed/i);
    expect(fake.submits).toHaveLength(1);
    expect(fake.polls).toHaveLength(0);
  });

  it("never Ready → ProcessingTimeoutError at the configured polling deadline", async () => {
    fake.scenario = { kind: "never-ready" };
    const { error, ms } = await elapsed(flux({ pollIntervalMs: 50, pollTimeoutMs: 1500 }).generate!({ prompt: "a cat", width: 512, height: 512 }));

    expect(error).toBeInstanceOf(ProcessingTimeoutError);
    expect((error as Error).message).toMatch(/timeout/i);
    expect(ms).toBeGreaterThanOrEqual(1400);
    expect(ms).toBeLessThan(5000);
    expect(fake.polls.length).toBeGreaterThan(10);
    expect(fake.polls.every((poll) => poll.status === "Pending")).toBe(true);
  });

  it("an aborted request → ProcessingTimeoutError without waiting for the deadline", async () => {
    fake.scenario = { kind: "never-ready" };
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const { error, ms } = await elapsed(
      flux({ pollIntervalMs: 50, pollTimeoutMs: 20_000 }).generate!({ prompt: "a cat", width: 512, height: 512 }, controller.signal),
    );

    expect(error).toBeInstanceOf(ProcessingTimeoutError);
    expect(ms).toBeLessThan(2000);
  });
});

describe("OpenAI provider (against a fake OpenAI Images API)", () => {
  const fake = new FakeOpenAIImages();

  beforeAll(async () => {
    await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
  });
  beforeEach(() => fake.reset());

  const openai = (overrides: Partial<Parameters<typeof createOpenAIProvider>[0]> = {}): ImageProvider =>
    createOpenAIProvider({ apiKey: fake.apiKey, baseURL: fake.apiUrl, maxRetries: 0, ...overrides });

  const parts = () => fake.lastRequest().parts ?? [];
  const field = (name: string) => parts().find((part) => part.name === name)?.value;
  const file = (name: string): NonNullable<RecordedPart["file"]> => {
    const part = parts().find((candidate) => candidate.name === name);
    if (!part?.file) throw new Error(`No file part named ${name}`);
    return part.file;
  };

  it("generates at the nearest supported size and returns the image's bytes", async () => {
    const provider = openai();
    expect(provider.id).toBe("openai");

    const result = await provider.generate!({ prompt: "a red bicycle", width: 1200, height: 800 });

    const request = fake.lastRequest();
    expect(request).toMatchObject({ path: "/v1/images/generations", authorization: `Bearer ${fake.apiKey}` });
    expect(request.json).toMatchObject({ model: "gpt-image-1.5", prompt: "a red bicycle", size: "1536x1024", n: 1 });
    expect(request.json).not.toHaveProperty("response_format");
    expect(result).toMatchObject({ contentType: "image/png", width: 1536, height: 1024 });
    expect(result.buffer.equals(fake.results.get("1536x1024")!)).toBe(true);

    await provider.generate!({ prompt: "a tall tower", width: 700, height: 1200 });
    expect(fake.lastRequest().json).toMatchObject({ size: "1024x1536" });
    await openai({ model: "gpt-image-2" }).generate!({ prompt: "a square", width: 900, height: 1000 });
    expect(fake.lastRequest().json).toMatchObject({ size: "1024x1024", model: "gpt-image-2" });
  });

  it("edits: sends the input image and the prompt as multipart, without a mask", async () => {
    const result = await openai().edit!({ image: astronaut, prompt: "Make it night time" });

    expect(fake.lastRequest().path).toBe("/v1/images/edits");
    expect(field("prompt")).toBe("Make it night time");
    expect(field("model")).toBe("gpt-image-1.5");
    const image = file("image");
    expect(image.contentType).toBe("image/png");
    expect(image.data.equals(astronaut.buffer)).toBe(true);
    expect(parts().some((part) => part.name === "mask")).toBe(false);
    expect(result.contentType).toBe("image/png");
  });

  it("removes the background with the presets' prompts, asking for transparency when there is no new background", async () => {
    const provider = openai();
    await provider.removeBackground!({ image: coffee, background: { preset: "none" } });
    expect(field("prompt")).toBe(REMOVE_BACKGROUND_PROMPT);
    expect(field("background")).toBe("transparent");
    expect(field("output_format")).toBe("png");

    await provider.removeBackground!({ image: coffee, background: { preset: "sunset" } });
    expect(field("prompt")).toBe(BACKGROUND_PROMPTS.sunset);
    expect(field("background")).toBeUndefined();

    await provider.removeBackground!({ image: coffee, background: { prompt: "a snowy field" } });
    expect(field("prompt")).toBe(customBackgroundPrompt("a snowy field"));
  });

  it("cartoonizes with the style's prompt", async () => {
    await openai().cartoonize!({ image: coffee, style: "clay" });
    expect(field("prompt")).toBe(CARTOON_LOOK_PROMPTS.clay);
    expect(file("image").data.equals(coffee.buffer)).toBe(true);
  });

  const expectAlphaMask = async (mask: NonNullable<RecordedPart["file"]>) => {
    expect(mask.contentType).toBe("image/png");
    const { data, info } = await sharp(mask.data).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([600, 400, 4]);
    let wrong = 0;
    for (let y = 0; y < 400; y++) {
      for (let x = 0; x < 600; x++) if (data[(y * 600 + x) * 4 + 3] !== (inside(OBJECT, x, y) ? 0 : 255)) wrong++;
    }
    expect(wrong).toBe(0);
  };

  it.each<MaskStyle>(["black-on-white", "white-on-black"])(
    "removes an object: the mask has alpha 0 exactly where the object was painted, 255 elsewhere (%s)",
    async (style) => {
      await openai().removeObject!({ image: coffee, mask: await paintedMask(style, 600, 400, OBJECT), maskStyle: style });

      expect(fake.lastRequest().path).toBe("/v1/images/edits");
      expect(field("prompt")).toBe(MASK_FILL_PROMPT);
      expect(file("image").data.equals(coffee.buffer)).toBe(true);
      await expectAlphaMask(file("mask"));
    },
  );

  it("treats a mask's transparent, unpainted area as background, and passes a custom prompt", async () => {
    await openai().removeObject!({
      image: coffee,
      mask: await transparentCanvasMask(600, 400, OBJECT),
      maskStyle: "black-on-white",
      prompt: "Replace with a saucer",
    });

    expect(field("prompt")).toBe("Replace with a saucer");
    await expectAlphaMask(file("mask"));
  });

  it("a moderation block → ModerationError", async () => {
    fake.scenario = { kind: "moderation" };
    const { error } = await elapsed(openai().edit!({ image: astronaut, prompt: "something unsafe" }));

    expect(error).toBeInstanceOf(ModerationError);
    expect((error as Error).message).toMatch(/moderated|safety/i);
  });

  it("HTTP 500 → ProviderFailedError", async () => {
    fake.scenario = { kind: "server-error" };
    const { error } = await elapsed(openai().generate!({ prompt: "a cat", width: 1024, height: 1024 }));

    expect(error).toBeInstanceOf(ProviderFailedError);
    expect((error as Error).message).toMatch(/failed/i);
    expect(fake.requests).toHaveLength(1);
  });

  it("no answer within timeoutMs → ProcessingTimeoutError", async () => {
    fake.scenario = { kind: "slow", delayMs: 3000 };
    const { error, ms } = await elapsed(openai({ timeoutMs: 300 }).generate!({ prompt: "a cat", width: 1024, height: 1024 }));

    expect(error).toBeInstanceOf(ProcessingTimeoutError);
    expect((error as Error).message).toMatch(/timeout/i);
    expect(ms).toBeLessThan(2000);
  });
});
