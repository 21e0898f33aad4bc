// POST /api/verify: anyone's image read as a verifier would — a signed Pictura result shows its
// credentials, signer and AI actions; the same file changed by one byte shows it changed since it was
// signed; a plain photo has none; bad uploads get a 4xx; and nothing of the image is kept.
import { readdir } from "node:fs/promises";
import sharp from "sharp";
import { POST as verify } from "@/app/api/verify/route";
import { db } from "@/lib/db";
import { digitalSourceTypeFor, labelResult } from "@/lib/imaging/metadata/label-result";
import { withContentCredentials } from "@/lib/provenance/result-credentials";
import type { CredentialsReport } from "@/lib/provenance/verify-report";
import packageJson from "@/package.json";
import { flatOneBitPng, xmpBombPng } from "../fixtures/png-bombs";
import { signedInUser, uniqueIp } from "./helpers";
import { blob, multipartRequest, photo } from "./imaging-helpers";

const IPTC = "http://cv.iptc.org/newscodes/digitalsourcetype/";

/** A Pictura result as a worker stores it: the IPTC label, then signed Content Credentials. */
async function signedResult(kind: "generate" | "edit", format: "png" | "jpeg" = "png") {
  const { user } = await signedInUser();
  const made = await db.operation.create({ data: { userId: user.id, kind, provider: "flux", model: "flux-pro-1.1", status: "running" } });
  const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2060a0" } })
    .toFormat(format)
    .toBuffer();
  const labeled = await labelResult(made, { buffer: picture, contentType: `image/${format}`, width: 64, height: 48 });
  return (await withContentCredentials(made, labeled, digitalSourceTypeFor(made))).buffer;
}

/** The call as a guest's browser makes it (no session), from an address of its own. */
function check(image: Blob | string | undefined): Promise<Response> {
  const request = multipartRequest("/api/verify", undefined, image === undefined ? {} : { image });
  request.headers.set("x-forwarded-for", uniqueIp());
  return verify(request);
}

const report = async (response: Response) => {
  expect(response.status).toBe(200);
  return (await response.json()) as CredentialsReport;
};

describe("POST /api/verify", () => {
  it("finds a Pictura generation's credentials: valid, signed by the installation (trusted here, with a note), made with AI, its actions and label", async () => {
    const read = await report(await check(blob(await signedResult("generate"))));
    expect(read).toMatchObject({
      hasCredentials: true,
      format: "image/png",
      width: 64,
      height: 48,
      ai: "made",
      timeStamped: false,
      signedAt: null,
      validation: { state: "valid", changedSinceSigned: false, failures: [] },
      iptcDigitalSourceType: `${IPTC}trainedAlgorithmicMedia`,
      actions: [
        { action: "c2pa.created", digitalSourceType: `${IPTC}trainedAlgorithmicMedia`, softwareAgent: `Pictura (flux flux-pro-1.1) ${packageJson.version}` },
      ],
      softwareAgents: [`Pictura (flux flux-pro-1.1) ${packageJson.version}`],
    });
    expect(read.signer).toMatchObject({ subject: "Pictura Content Credentials", issuer: "Pictura", trusted: true, installationRoot: true });
    expect(read.signer?.note).toMatch(/issuer not recognized/);
    expect(read.claimGenerator).toMatch(/c2pa-ts/);
  });

  it("says a JPEG edit was changed (not made) by AI", async () => {
    const read = await report(await check(blob(await signedResult("edit", "jpeg"), "image/jpeg")));
    expect(read).toMatchObject({ hasCredentials: true, format: "image/jpeg", ai: "changed", validation: { state: "valid" } });
    expect(read.actions.map((action) => action.digitalSourceType)).toContain(`${IPTC}compositeWithTrainedAlgorithmicMedia`);
  });

  it("says a signed result changed by one byte changed since it was signed", async () => {
    const signed = await signedResult("generate");
    const changed = Buffer.from(signed);
    // A byte of the pixel data, well inside the hashed range and after the manifest.
    const data = changed.indexOf(Buffer.from("IDAT"));
    changed[data + 8] = changed[data + 8]! ^ 0x01;
    const read = await report(await check(blob(changed)));
    expect(read.hasCredentials).toBe(true);
    expect(read.validation).toMatchObject({ state: "invalid", changedSinceSigned: true });
    expect(read.validation?.failures.map((failure) => failure.code)).toContain("assertion.dataHash.mismatch");
  });

  it("answers hasCredentials: false for a plain photo", async () => {
    const read = await report(await check(blob(photo("coffee.png"))));
    expect(read).toMatchObject({
      hasCredentials: false,
      signer: null,
      actions: [],
      ai: "none",
      validation: null,
      iptcDigitalSourceType: null,
      format: "image/png",
    });
  });

  it("reads formats beyond PNG and JPEG without credentials as none (WebP, BMP)", async () => {
    const webp = await sharp(photo("coffee.png")).webp().toBuffer();
    expect(await report(await check(blob(webp, "image/webp")))).toMatchObject({ hasCredentials: false, format: "image/webp" });
    const bmp = Buffer.alloc(54 + 4 * 2 * 2);
    bmp.write("BM", 0);
    bmp.writeUInt32LE(bmp.length, 2);
    bmp.writeUInt32LE(54, 10);
    bmp.writeUInt32LE(40, 14);
    bmp.writeInt32LE(2, 18);
    bmp.writeInt32LE(2, 22);
    bmp.writeUInt16LE(1, 26);
    bmp.writeUInt16LE(32, 28);
    expect(await report(await check(blob(bmp, "image/bmp")))).toMatchObject({ hasCredentials: false, format: "image/bmp" });
  });

  it.each([
    ["no file", undefined, 400, "missing_image"],
    ["a text field instead of a file", "not a file", 400, "missing_image"],
    ["a text file named .png", blob(Buffer.from("hello, not an image")), 400, "unsupported_image_type"],
    ["an SVG", blob(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), "image/svg+xml"), 400, "unsupported_image_type"],
    ["an empty file", blob(Buffer.alloc(0)), 400, "invalid_image"],
  ] as const)("refuses %s with a 4xx", async (_name, image, status, code) => {
    const response = await check(image);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: code });
  });

  it("refuses a truncated PNG, an oversize file and a pixel bomb", async () => {
    const signed = await signedResult("generate");
    const truncated = await check(blob(signed.subarray(0, signed.length - 40)));
    expect(truncated.status).toBe(400);
    const oversize = await check(blob(Buffer.concat([signed, Buffer.alloc(10 * 1024 * 1024)])));
    expect(oversize.status).toBe(413);
    const bombed = await check(blob(flatOneBitPng(30_000, 30_000)));
    expect(bombed.status).toBe(400);
    expect(await bombed.json()).toMatchObject({ error: "image_too_many_pixels" });
  });

  it("reads a PNG whose compressed XMP inflates to a gigabyte without inflating it", async () => {
    const read = await report(await check(blob(await xmpBombPng())));
    expect(read).toMatchObject({ hasCredentials: false, iptcDigitalSourceType: null });
  });

  it("stores nothing: no file, operation or stored-file row, and no file in the blob store", async () => {
    const signed = await signedResult("generate");
    const before = {
      files: await db.storedFile.count(),
      operations: await db.operation.count(),
      saved: await db.savedImage.count(),
      blobs: (await readdir(process.env.STORAGE_DIR!, { recursive: true }).catch(() => [])).length,
    };
    await report(await check(blob(signed)));
    await report(await check(blob(photo("astronaut.png"))));
    expect({
      files: await db.storedFile.count(),
      operations: await db.operation.count(),
      saved: await db.savedImage.count(),
      blobs: (await readdir(process.env.STORAGE_DIR!, { recursive: true }).catch(() => [])).length,
    }).toEqual(before);
  });
});
