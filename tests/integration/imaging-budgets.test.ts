// Small inputs that ask for huge work: every operation's decoded pixels, output pixels and output
// bytes are bounded before any charge, file or work.
import { POST as convert } from "@/app/api/convert-image/route";
import { POST as generate } from "@/app/api/flux/generate/route";
import { estimateOutputBytes, operationBudget } from "@/lib/imaging/budgets";
import { db } from "@/lib/db";
import { flatOneBitPng } from "../fixtures/png-bombs";
import { apiRequest, signedInUser } from "./helpers";
import { dataUrl, photo } from "./imaging-helpers";
import { withImageWorker } from "./image-worker";
import { setSettings } from "../setup/settings";

withImageWorker();

describe("image operation budgets", () => {
  // A guest may not send 40 megapixels at all (imaging-worker-time.test.ts); an account may.
  it("refuses a 12 KB one-bit 6300×6300 PNG converted to BMP (a 119 MB file) with 413, storing nothing", async () => {
    const bomb = flatOneBitPng(6300, 6300);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const { user, cookie } = await signedInUser();
    const filesBefore = await db.storedFile.count({ where: { userId: user.id } });
    const response = await convert(apiRequest("POST", "/api/convert-image", { cookie, body: { image: dataUrl(bomb), format: "bmp" } }));
    expect(response.status).toBe(413);
    const body = await response.json();
    expect(body.error).toBe("image_output_too_large");
    expect(body.message).toBe(
      "As BMP, this 6300×6300 image would be a 114 MB file; the limit is 100 MB. Choose a compressed format such as PNG, JPEG or WebP, or a smaller image.",
    );
    expect(await db.storedFile.count({ where: { userId: user.id } })).toBe(filesBefore);
  });

  it("still converts the same large image to a compressed format", async () => {
    const big = flatOneBitPng(6300, 6300);
    const { cookie } = await signedInUser();
    const response = await convert(apiRequest("POST", "/api/convert-image", { cookie, body: { image: dataUrl(big), format: "png" } }));
    expect(response.status).toBe(200);
  }, 60_000);

  it("keeps normal conversions working, BMP of a photo included", async () => {
    for (const format of ["bmp", "tiff", "jpeg", "webp"]) {
      const response = await convert(apiRequest("POST", "/api/convert-image", { body: { image: dataUrl(photo("coffee.png")), format } }));
      expect(response.status).toBe(200);
    }
  });

  it("follows IMAGE_MAX_OUTPUT_BYTES, charging nothing when it refuses", async () => {
    setSettings({ IMAGE_MAX_OUTPUT_BYTES: "1000" });
    const { user, cookie } = await signedInUser({ credits: 10 });
    const refused = await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a red bicycle", aspectRatio: "square" } }));
    expect(refused.status).toBe(413);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).credits).toBe(10);
  });

  it("estimates what each format stores", () => {
    expect(estimateOutputBytes({ width: 6300, height: 6300 }, "bmp")).toBe(54 + 18900 * 6300);
    expect(
      operationBudget(
        [
          { width: 100, height: 100 },
          { width: 100, height: 100 },
        ],
        { width: 100, height: 100 },
        "png",
      ),
    ).toEqual({
      decodedPixels: 20_000,
      outputPixels: 10_000,
      outputBytes: 20_000,
    });
  });
});
