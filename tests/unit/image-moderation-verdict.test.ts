// The image check's verdict: the explicit score (Porn + Hentai) against MODERATION_THRESHOLD, under
// each MODERATION mode, and which operations it checks at all.
import { explicitScore, imageVerdict, ImageCheck, roundScores, startImageCheck, type ContentScores } from "@/lib/moderation/image";
import { ContentRefusedError } from "@/lib/imaging/errors";
import { setSettings } from "../setup/settings";

const scores = (explicit: { Porn: number; Hentai: number }): ContentScores => ({
  ...explicit,
  Sexy: 0.05,
  Drawing: 0.05,
  Neutral: Math.max(0, 0.9 - explicit.Porn - explicit.Hentai),
});

describe("the explicit score", () => {
  it("adds the photographic and the drawn explicit classes, and leaves suggestive images out", () => {
    expect(explicitScore(scores({ Porn: 0.5, Hentai: 0.25 }))).toBeCloseTo(0.75);
    expect(explicitScore({ Porn: 0, Hentai: 0, Sexy: 0.99, Drawing: 0, Neutral: 0.01 })).toBe(0);
  });
});

describe("the verdict", () => {
  const over = scores({ Porn: 0.6, Hentai: 0.3 });
  const under = scores({ Porn: 0.5, Hentai: 0.3 });

  it.each([
    ["block", over, "refuse"],
    ["block", under, "allow"],
    ["flag", over, "flag"],
    ["flag", under, "allow"],
    ["off", over, "allow"],
  ] as const)("under %s, an image of explicit score %p is %s at the default threshold 0.85", (mode, image, verdict) => {
    expect(imageVerdict(image, { mode, threshold: 0.85 })).toBe(verdict);
  });

  it("counts a score equal to the threshold as reaching it", () => {
    expect(imageVerdict(scores({ Porn: 0.5, Hentai: 0.25 }), { mode: "block", threshold: 0.75 })).toBe("refuse");
  });

  it("rounds the scores it keeps to 4 decimals", () => {
    expect(roundScores({ Porn: 0.123456, Hentai: 0.00004, Sexy: 0.99999, Drawing: 0, Neutral: 1 / 3 })).toEqual({
      Porn: 0.1235,
      Hentai: 0,
      Sexy: 1,
      Drawing: 0,
      Neutral: 0.3333,
    });
  });
});

describe("an operation's check", () => {
  it("is off for MODERATION=off and for selection masks, and on by default with the threshold 0.85", () => {
    setSettings({ MODERATION: undefined, MODERATION_THRESHOLD: undefined });
    expect(startImageCheck("edit")?.settings).toEqual({ mode: "block", threshold: 0.85 });
    expect(startImageCheck("segment")).toBeNull();
    setSettings({ MODERATION: "off" });
    expect(startImageCheck("edit")).toBeNull();
  });

  it("refuses with 422 content_refused in every language, keeping the scores taken so far", () => {
    const check = new ImageCheck({ mode: "block", threshold: 0.85 });
    check.review.inputs.push(roundScores(scores({ Porn: 0.9, Hentai: 0.05 })));
    let refusal: unknown;
    try {
      check.judge(check.review.inputs[0]!, "input 1");
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ContentRefusedError);
    const error = refusal as ContentRefusedError;
    expect(error).toMatchObject({ status: 422, code: "content_refused", verdict: { by: "image-check", reason: "input 1" } });
    expect(Object.keys(error.messages).sort()).toEqual(["de", "en", "es", "fr", "ja", "zh"]);
    expect(error.contentScores).toMatchObject({ mode: "block", threshold: 0.85, inputs: [{ Porn: 0.9 }] });
  });

  it("flags instead under MODERATION=flag", () => {
    const check = new ImageCheck({ mode: "flag", threshold: 0.85 });
    check.judge(scores({ Porn: 0.9, Hentai: 0.05 }), "result");
    expect(check.flagged).toBe(true);
  });

  it("rejects a threshold outside 0..1 and an unknown mode, naming the setting", async () => {
    const { env } = await import("@/lib/env");
    setSettings({ MODERATION_THRESHOLD: "1.5" });
    expect(() => env()).toThrow(/MODERATION_THRESHOLD/);
    setSettings({ MODERATION_THRESHOLD: undefined, MODERATION: "strict" });
    expect(() => env()).toThrow(/MODERATION/);
  });
});
