// Content Credentials through the worker: each kind of result, as served by /api/files/{id}, read by
// the C2PA reference implementation trusting the installation's root.
import { createHash, createPrivateKey } from "node:crypto";
import exifReader from "exif-reader";
import sharp, { type Sharp } from "sharp";
import { POST as convert } from "@/app/api/convert-image/route";
import { POST as edit } from "@/app/api/flux/edit/route";
import { POST as generate } from "@/app/api/flux/generate/route";
import { db } from "@/lib/db";
import { certificatesOf, installationIdentity, makeInstallationIdentity } from "@/lib/provenance/c2pa-identity";
import { signContentCredentials, type C2paFormat } from "@/lib/provenance/c2pa-sign";
import { blobStore } from "@/lib/storage/store";
import packageJson from "@/package.json";
import { FakeTsa } from "../fakes/tsa-server";
import { withFakeProviders } from "./fake-providers";
import { apiRequest, signedInUser } from "./helpers";
import { blob, dataUrl, fetchFile, multipartRequest, photo } from "./imaging-helpers";
import { withImageWorker } from "./image-worker";
import { readContentCredentials, readStore, type C2paReading } from "../setup/c2pa-reader";
import { setSettings } from "../setup/settings";

// The background model answers with a fixed cut-out (model-stand-ins.ts); every step around it runs.
jest.mock("@/lib/imaging/local/model-thread", () => jest.requireActual("./model-stand-ins").modelThreadWithStandIns());
jest.setTimeout(180_000);

withImageWorker();
afterAll(() => db.$disconnect());

const IPTC = "http://cv.iptc.org/newscodes/digitalsourcetype/";
const MEDIA: Record<string, string> = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp" };

let smallCoffee: Promise<Buffer> | undefined;
const coffee = () => (smallCoffee ??= sharp(photo("coffee.png")).resize(150).png().toBuffer());
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

const editForm = async (cookie: string, fields: Record<string, string>, image?: Buffer) =>
  edit(multipartRequest("/api/flux/edit", cookie, { image: blob(image ?? (await coffee())), ...fields }));

async function served(url: string, cookie: string): Promise<{ bytes: Buffer; format: string }> {
  const response = await fetchFile(url, cookie);
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { bytes, format: (await sharp(bytes).metadata()).format };
}

/** The result as served, read by the reference implementation trusting the installation's root. */
async function servedCredentials(url: string, cookie: string): Promise<{ bytes: Buffer; format: string; reading: C2paReading }> {
  const { bytes, format } = await served(url, cookie);
  const root = (await installationIdentity()).installationRoot!.toString("pem");
  return { bytes, format, reading: await readContentCredentials(bytes, MEDIA[format]!, root) };
}

type ReadAction = { action: string; digitalSourceType?: string; softwareAgent?: { name: string; version?: string } };
const actionsOf = (reading: C2paReading) =>
  (reading.activeManifest?.assertions.find((entry) => entry.label.startsWith("c2pa.actions"))?.data.actions ?? []) as ReadAction[];
const summary = (reading: C2paReading) => actionsOf(reading).map((action) => [action.action, action.digitalSourceType ?? null]);

describe("results of a trained model (Flux)", () => {
  withFakeProviders();

  it("a generated picture is c2pa.created by a trained model, naming Pictura, its version, the provider and the model", async () => {
    const { cookie, user } = await signedInUser();
    const body = await (await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a lighthouse" } }))).json();
    const { reading } = await servedCredentials(body.result.sample, cookie);
    expect(reading.validationState).toBe("Trusted");
    expect(summary(reading)).toEqual([["c2pa.created", `${IPTC}trainedAlgorithmicMedia`]]);
    const operation = await db.operation.findFirstOrThrow({ where: { userId: user.id, kind: "generate" } });
    expect(operation.model).toBeTruthy();
    expect(actionsOf(reading)[0]?.softwareAgent).toEqual({ name: `Pictura (flux ${operation.model})`, version: packageJson.version });
  });

  it("an edit opens the upload (an ingredient known by its hash) and is edited as a composite with trained algorithmic media", async () => {
    const { cookie } = await signedInUser();
    const upload = await coffee();
    const response = await editForm(cookie, { operation: "edit", prompt: "add a rainbow over the cup" }, upload);
    expect(response.status).toBe(200);
    const { reading } = await servedCredentials((await response.json()).result.sample, cookie);
    expect(reading.validationState).toBe("Trusted");
    expect(summary(reading)).toEqual([
      ["c2pa.opened", null],
      ["c2pa.edited", `${IPTC}compositeWithTrainedAlgorithmicMedia`],
    ]);
    expect(reading.activeManifest?.ingredients).toEqual([expect.objectContaining({ relationship: "parentOf", instance_id: `sha256:${sha256(upload)}` })]);
  });
});

describe("results of the offline engine", () => {
  it("a background removal is opened then edited with trained algorithmic media; one changed byte reads as tampered", async () => {
    const { cookie } = await signedInUser();
    const portrait = await sharp(photo("astronaut.png")).resize(128).png().toBuffer();
    const response = await editForm(cookie, { operation: "background_removal", background: "none" }, portrait);
    expect(response.status).toBe(200);
    const { bytes, format, reading } = await servedCredentials((await response.json()).result.sample, cookie);
    expect(format).toBe("png");
    expect(reading.validationState).toBe("Trusted");
    expect(summary(reading)).toEqual([
      ["c2pa.opened", null],
      ["c2pa.edited", `${IPTC}compositeWithTrainedAlgorithmicMedia`],
    ]);
    const changed = Buffer.from(bytes);
    changed[changed.length - 100]! ^= 0x01;
    expect((await readContentCredentials(changed, "image/png")).validationState).toBe("Invalid");
  });

  it("a generated picture is created as algorithmic (not trained) media", async () => {
    const { cookie } = await signedInUser();
    const body = await (await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a red fox" } }))).json();
    const { reading } = await servedCredentials(body.result.sample, cookie);
    expect(reading.validationState).toBe("Trusted");
    expect(summary(reading)).toEqual([["c2pa.created", `${IPTC}algorithmicMedia`]]);
  });
});

describe("conversions", () => {
  it.each(["png", "jpeg"] as const)("a conversion to %s lists only what happened: opened, converted, no AI source type", async (format) => {
    const { cookie } = await signedInUser();
    const response = await convert(apiRequest("POST", "/api/convert-image", { cookie, body: { image: dataUrl(await coffee()), format } }));
    expect(response.status).toBe(200);
    const result = await servedCredentials((await response.json()).convertedImage, cookie);
    expect(result.format).toBe(format);
    expect(result.reading.validationState).toBe("Trusted");
    expect(summary(result.reading)).toEqual([
      ["c2pa.opened", null],
      ["c2pa.converted", null],
    ]);
  });

  it("a WebP result carries no manifest", async () => {
    const { cookie } = await signedInUser();
    const response = await convert(apiRequest("POST", "/api/convert-image", { cookie, body: { image: dataUrl(await coffee()), format: "webp" } }));
    expect(response.status).toBe(200);
    const { bytes, format } = await served((await response.json()).convertedImage, cookie);
    expect(format).toBe("webp");
    await expect(readContentCredentials(bytes, "image/webp")).rejects.toBeTruthy();
  });
});

describe("uploads that carry Content Credentials of their own", () => {
  // 48°51'24"N 2°21'3"E, the middle of Paris.
  const GPS = { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 3/1" };

  /** A photo signed by another signer (a camera app), as someone would upload it. */
  async function signedUpload(format: C2paFormat, picture: Sharp) {
    const camera = await makeInstallationIdentity("Camera");
    const identity = { privateKey: createPrivateKey(camera.privateKeyPem), chain: certificatesOf(camera.certificatePem), installationRoot: null };
    const credentials = { actions: [{ action: "c2pa.created" as const, softwareAgent: { name: "Camera app", version: "3.2" } }] };
    const bytes = await signContentCredentials(await picture.toFormat(format).toBuffer(), format, credentials, identity);
    const label = (await readStore(bytes, MEDIA[format]!)).active_manifest as string;
    return { bytes, label, rootPem: camera.rootCertificatePem };
  }

  type Store = {
    active_manifest: string;
    validation_state: string;
    manifests: Record<
      string,
      { ingredients?: Record<string, unknown>[]; assertions: { label: string; data: { actions?: ReadAction[] } }[]; signature_info?: Record<string, unknown> }
    >;
  };

  async function resultStore(url: string, cookie: string, extraRootPem: string): Promise<{ format: string; store: Store }> {
    const { bytes, format } = await served(url, cookie);
    const root = (await installationIdentity()).installationRoot!.toString("pem");
    return { format, store: (await readStore(bytes, MEDIA[format]!, `${root}\n${extraRootPem}`)) as unknown as Store };
  }

  it("keep them as the ingredient's manifest through a background removal: the result is valid and its ingredient is the upload's own manifest", async () => {
    const { cookie } = await signedInUser();
    const upload = await signedUpload("png", sharp(photo("astronaut.png")).resize(128));
    const response = await editForm(cookie, { operation: "background_removal", background: "none" }, upload.bytes);
    expect(response.status).toBe(200);
    const { format, store } = await resultStore((await response.json()).result.sample, cookie, upload.rootPem);
    expect(format).toBe("png");
    expect(store.validation_state).toBe("Trusted");
    const active = store.manifests[store.active_manifest]!;
    expect(active.ingredients).toEqual([expect.objectContaining({ relationship: "parentOf", active_manifest: upload.label, title: "upload.png" })]);
    const carried = store.manifests[upload.label]!;
    expect(carried.signature_info).toMatchObject({ common_name: "Camera Content Credentials" });
    const actions = carried.assertions.find((entry) => entry.label.startsWith("c2pa.actions"))?.data.actions;
    expect(actions).toEqual([expect.objectContaining({ action: "c2pa.created", softwareAgent: { name: "Camera app", version: "3.2" } })]);
    expect(actionsOf({ validationState: "Trusted", failures: [], activeManifest: active as C2paReading["activeManifest"] }).map((a) => a.action)).toEqual([
      "c2pa.opened",
      "c2pa.edited",
    ]);
  });

  it("lose their GPS all the same; the result carries the upload's manifest, noting that its data hash no longer matches", async () => {
    const { cookie } = await signedInUser();
    const upload = await signedUpload("jpeg", sharp(await coffee()).withExif({ IFD0: { Make: "Pictura Test Camera" }, IFD3: GPS }));
    expect(exifReader((await sharp(upload.bytes).metadata()).exif!).GPSInfo?.GPSLatitude).toEqual([48, 51, 24]);
    const response = await editForm(cookie, { operation: "background_removal", background: "none" }, upload.bytes);
    expect(response.status).toBe(200);
    const body = await response.json();
    const operation = await db.operation.findUniqueOrThrow({ where: { id: body.operationId } });
    const [fileId] = (operation.params as { inputFileIds: string[] }).inputFileIds;
    const stored = (await blobStore().get((await db.storedFile.findUniqueOrThrow({ where: { id: fileId! } })).storageKey))!.body;
    expect(exifReader((await sharp(stored).metadata()).exif!).GPSInfo?.GPSLatitude).toBeUndefined();
    const { store } = await resultStore(body.result.sample, cookie, upload.rootPem);
    expect(store.validation_state).toBe("Trusted");
    const [ingredient] = store.manifests[store.active_manifest]?.ingredients ?? [];
    expect(ingredient).toMatchObject({ active_manifest: upload.label });
    // What validating the stored upload found is recorded, truthfully: removing the GPS changed bytes its signer hashed.
    const recorded = ingredient?.validation_results as { activeManifest: { failure: { code: string }[]; success: { code: string }[] } };
    expect(recorded.activeManifest.failure.map((entry) => entry.code)).toEqual(["assertion.dataHash.mismatch"]);
    expect(recorded.activeManifest.success.map((entry) => entry.code)).toContain("claimSignature.validated");
    expect(store.manifests[upload.label]?.signature_info).toMatchObject({ common_name: "Camera Content Credentials" });
  });
});

describe("with a time-stamp authority (C2PA_TSA_URL)", () => {
  const tsa = new FakeTsa();
  beforeAll(async () => {
    await tsa.start();
    setSettings({ C2PA_TSA_URL: tsa.url });
  });
  afterAll(async () => {
    setSettings({ C2PA_TSA_URL: undefined });
    await tsa.stop();
  });

  it("a result's signature carries the authority's time-stamp, which the reference implementation checks", async () => {
    const { cookie } = await signedInUser();
    const response = await convert(apiRequest("POST", "/api/convert-image", { cookie, body: { image: dataUrl(await coffee()), format: "jpeg" } }));
    expect(response.status).toBe(200);
    const { bytes } = await served((await response.json()).convertedImage, cookie);
    const root = (await installationIdentity()).installationRoot!.toString("pem");
    const store = (await readStore(bytes, "image/jpeg", `${root}\n${tsa.rootPem}`)) as {
      active_manifest: string;
      validation_state: string;
      manifests: Record<string, { signature_info?: { time?: string } }>;
    };
    expect(tsa.requests).toHaveLength(1);
    expect(store.validation_state).toBe("Trusted");
    expect(store.manifests[store.active_manifest]?.signature_info?.time).toEqual(expect.any(String));
  });
});
