// AI labels in the files: every result a worker stores says in its XMP how it was made (the IPTC
// digital source type), with the tool, the provider and Pictura as the creator tool; a plain
// conversion adds none (but keeps a labelled source's); and an upload's location never reaches storage.
import exifReader from "exif-reader";
import sharp from "sharp";
import { POST as convert } from "@/app/api/convert-image/route";
import { POST as edit } from "@/app/api/flux/edit/route";
import { POST as generate } from "@/app/api/flux/generate/route";
import { POST as save } from "@/app/api/saved-images/route";
import { db } from "@/lib/db";
import { blobStore } from "@/lib/storage/store";
import { withFakeProviders } from "./fake-providers";
import { apiRequest, signedInUser } from "./helpers";
import { blob, dataUrl, fetchFile, multipartRequest, photo } from "./imaging-helpers";
import { withImageWorker } from "./image-worker";

// What is checked here is the label a result carries, not what the model makes of the pixels: the
// background model answers with a fixed cut-out (model-stand-ins.ts), and every step around it runs.
jest.mock("@/lib/imaging/local/model-thread", () => jest.requireActual("./model-stand-ins").modelThreadWithStandIns());

jest.setTimeout(180_000);

withImageWorker();
// Runs after the worker's own clean-up, which reads the database once more: the pool closes now
// rather than when its idle connection times out, so the file ends when its tests do.
afterAll(() => db.$disconnect());

const IPTC = "http://cv.iptc.org/newscodes/digitalsourcetype/";

/** The XMP of a result as served by /api/files/{id}, read the way any reader would (sharp/libvips). */
async function servedXmp(url: string, cookie: string): Promise<{ xmp: string | null; bytes: Buffer }> {
  const response = await fetchFile(url, cookie);
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  const { xmp } = await sharp(bytes).metadata();
  return { xmp: xmp ? xmp.toString("utf8") : null, bytes };
}

function expectLabel(xmp: string | null, sourceType: string, tool: string, provider: string): void {
  expect(xmp).not.toBeNull();
  expect(xmp).toContain(`Iptc4xmpExt:DigitalSourceType="${IPTC}${sourceType}"`);
  expect(xmp).toContain(`xmp:CreatorTool="Pictura"`);
  expect(xmp).toContain(`pictura:Tool="${tool}"`);
  expect(xmp).toContain(`pictura:Provider="${provider}"`);
}

/**
 * One picture of the offline engine's, generated once for the tests that only read it or make copies
 * of it; its owner's plan may save to the gallery.
 */
let generated: Promise<{ cookie: string; sample: string }> | undefined;
function generatedPicture(): Promise<{ cookie: string; sample: string }> {
  generated ??= (async () => {
    const { cookie } = await signedInUser({ tier: "essential" });
    const body = await (await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a red fox at sunset" } }))).json();
    return { cookie, sample: body.result.sample };
  })();
  return generated;
}

/**
 * The coffee photo at a quarter of its width: labels, conversions and the handling of an upload's
 * metadata do not depend on the size, and each step costs a sixteenth of the full photo's.
 */
let smallCoffee: Promise<Buffer> | undefined;
const coffee = () => (smallCoffee ??= sharp(photo("coffee.png")).resize(150).png().toBuffer());

const editForm = async (cookie: string, fields: Record<string, string>, image?: Buffer) =>
  edit(multipartRequest("/api/flux/edit", cookie, { image: blob(image ?? (await coffee())), ...fields }));

describe("results of the offline engine", () => {
  it("labels a generated picture as algorithmic media, in the stored PNG as served", async () => {
    const { cookie, sample } = await generatedPicture();
    const { xmp, bytes } = await servedXmp(sample, cookie);
    expect((await sharp(bytes).metadata()).format).toBe("png");
    expectLabel(xmp, "algorithmicMedia", "generate", "local");
  });

  it("labels a keyword edit as algorithmic media", async () => {
    const { cookie } = await signedInUser();
    const response = await editForm(cookie, { operation: "edit", prompt: "make it black and white" });
    expect(response.status).toBe(200);
    expectLabel((await servedXmp((await response.json()).result.sample, cookie)).xmp, "algorithmicMedia", "edit", "local");
  });

  it("labels a background removal as a composite with trained algorithmic media, keeping its transparency", async () => {
    const { cookie } = await signedInUser();
    const portrait = await sharp(photo("astronaut.png")).resize(128).png().toBuffer();
    const response = await editForm(cookie, { operation: "background_removal", background: "none" }, portrait);
    expect(response.status).toBe(200);
    const { xmp, bytes } = await servedXmp((await response.json()).result.sample, cookie);
    expectLabel(xmp, "compositeWithTrainedAlgorithmicMedia", "background_removal", "local");
    const { channels } = await sharp(bytes).stats();
    expect(channels).toHaveLength(4);
    expect(channels[3]!.min).toBe(0);
  });

  it("labels a cartoon as a composite with trained algorithmic media", async () => {
    const { cookie } = await signedInUser();
    const response = await editForm(cookie, { operation: "cartoon_style", style: "anime" });
    expect(response.status).toBe(200);
    expectLabel((await servedXmp((await response.json()).result.sample, cookie)).xmp, "compositeWithTrainedAlgorithmicMedia", "cartoon_style", "local");
  });
});

describe("copies", () => {
  it("a gallery copy of a labelled result keeps its label", async () => {
    const { cookie, sample } = await generatedPicture();
    const response = await save(
      apiRequest("POST", "/api/saved-images", {
        cookie,
        body: { imageUrl: sample, originalPrompt: "a red fox at sunset", tool: "text_to_image", filename: "Fox", fileSize: 1 },
      }),
    );
    expect(response.status).toBe(200);
    const saved = await response.json();
    expectLabel((await servedXmp(saved.image.imageUrl, cookie)).xmp, "algorithmicMedia", "generate", "local");
  });
});

describe("conversions", () => {
  it.each(["png", "jpeg", "webp"] as const)("add no label to a plain photo converted to %s", async (format) => {
    const { cookie } = await signedInUser();
    const response = await convert(apiRequest("POST", "/api/convert-image", { cookie, body: { image: dataUrl(await coffee()), format } }));
    expect(response.status).toBe(200);
    const { xmp, bytes } = await servedXmp((await response.json()).convertedImage, cookie);
    expect((await sharp(bytes).metadata()).format).toBe(format);
    expect(xmp).toBeNull();
  });

  it.each(["jpeg", "webp"] as const)("keep the label of an AI result converted to %s, so a conversion cannot launder it", async (format) => {
    const { cookie, sample } = await generatedPicture();
    const response = await convert(apiRequest("POST", "/api/convert-image", { cookie, body: { image: sample, format } }));
    expect(response.status).toBe(200);
    const { xmp, bytes } = await servedXmp((await response.json()).convertedImage, cookie);
    expect((await sharp(bytes).metadata()).format).toBe(format);
    expectLabel(xmp, "algorithmicMedia", "convert", "local");
  });
});

describe("results of a trained model (Flux)", () => {
  withFakeProviders();

  it("labels a generated picture as trained algorithmic media", async () => {
    const { cookie } = await signedInUser();
    const body = await (await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a lighthouse" } }))).json();
    expectLabel((await servedXmp(body.result.sample, cookie)).xmp, "trainedAlgorithmicMedia", "generate", "flux");
  });

  it("labels an edit as a composite with trained algorithmic media", async () => {
    const { cookie } = await signedInUser();
    const response = await editForm(cookie, { operation: "edit", prompt: "add a rainbow over the cup" });
    expect(response.status).toBe(200);
    expectLabel((await servedXmp((await response.json()).result.sample, cookie)).xmp, "compositeWithTrainedAlgorithmicMedia", "edit", "flux");
  });
});

describe("uploads", () => {
  // 48°51'24"N 2°21'3"E, the middle of Paris.
  const GPS = { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 3/1" };

  async function photoWithGps(format: "jpeg" | "png" | "webp"): Promise<Buffer> {
    return sharp(await coffee())
      .withExif({ IFD0: { Make: "Pictura Test Camera" }, IFD3: GPS })
      .withMetadata({ orientation: 6 })
      .toFormat(format)
      .toBuffer();
  }

  async function storedInput(operationId: string): Promise<Buffer> {
    const operation = await db.operation.findUniqueOrThrow({ where: { id: operationId } });
    const [fileId] = (operation.params as { inputFileIds: string[] }).inputFileIds;
    const file = await db.storedFile.findUniqueOrThrow({ where: { id: fileId! } });
    return (await blobStore().get(file.storageKey))!.body;
  }

  it("the fixture really carries GPS and orientation", async () => {
    const exif = exifReader((await sharp(await photoWithGps("jpeg")).metadata()).exif!);
    expect(exif.GPSInfo?.GPSLatitude).toEqual([48, 51, 24]);
    expect(exif.Image?.Orientation).toBe(6);
  });

  it.each(["jpeg", "png", "webp"] as const)("lose their EXIF GPS before storage (%s), keeping orientation and pixels", async (format) => {
    const { cookie } = await signedInUser();
    const original = await photoWithGps(format);
    // Any tool's upload is stored the same way (readUploadedImage); a keyword edit is the cheapest to run.
    const response = await editForm(cookie, { operation: "edit", prompt: "make it black and white" }, original);
    expect(response.status).toBe(200);
    const stored = await storedInput((await response.json()).operationId);
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe(format);
    const exif = exifReader(metadata.exif!);
    expect(exif.GPSInfo?.GPSLatitude).toBeUndefined();
    expect(exif.GPSInfo?.GPSLongitude).toBeUndefined();
    expect(exif.GPSInfo?.GPSLatitudeRef).toBeUndefined();
    expect(exif.Image?.Orientation).toBe(6);
    expect(exif.Image?.Make).toBe("Pictura Test Camera");
    expect((await sharp(stored).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true);
  });

  it("lose a location named in their XMP", async () => {
    const { cookie } = await signedInUser();
    const located = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="48,51.4N" exif:GPSLongitude="2,21.05E"/></rdf:RDF></x:xmpmeta>`;
    const original = await sharp(await coffee())
      .withXmp(located)
      .jpeg()
      .toBuffer();
    expect((await sharp(original).metadata()).xmp?.toString()).toContain("GPSLatitude");
    const response = await convert(apiRequest("POST", "/api/convert-image", { cookie, body: { image: dataUrl(original, "image/jpeg"), format: "png" } }));
    expect(response.status).toBe(200);
    const stored = await storedInput((await response.json()).operationId);
    expect((await sharp(stored).metadata()).xmp).toBeUndefined();
    expect(stored.includes(Buffer.from("GPSLatitude"))).toBe(false);
  });
});
