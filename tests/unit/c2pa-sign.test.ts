// Content Credentials on a PNG and a JPEG, read back by the C2PA reference implementation: valid as
// signed, trusted when the installation's root is trusted, tampered when one byte changes.
import { createHash, createPrivateKey } from "node:crypto";
import sharp from "sharp";
import { certificatesOf, makeInstallationIdentity, type C2paSigningIdentity } from "@/lib/provenance/c2pa-identity";
import { signContentCredentials, type C2paFormat, type ContentCredentials } from "@/lib/provenance/c2pa-sign";
import { readContentCredentials, readStore } from "../setup/c2pa-reader";

const TRAINED = "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia";
const COMPOSITE = "http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia";
const MEDIA = { png: "image/png", jpeg: "image/jpeg" } as const;

let identity: C2paSigningIdentity;
let rootPem: string;

beforeAll(async () => {
  const made = await makeInstallationIdentity("Test");
  rootPem = made.rootCertificatePem;
  identity = { privateKey: createPrivateKey(made.privateKeyPem), chain: certificatesOf(made.certificatePem), installationRoot: certificatesOf(rootPem)[0]! };
});

const picture = (format: C2paFormat, size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    [format]()
    .toBuffer();

const generation: ContentCredentials = {
  actions: [{ action: "c2pa.created", digitalSourceType: TRAINED, softwareAgent: { name: "Pictura 0.1.0 (flux, flux-pro-1.1)", version: "0.1.0" } }],
};

function actionsOf(reading: Awaited<ReturnType<typeof readContentCredentials>>) {
  const assertion = reading.activeManifest?.assertions.find((entry) => entry.label.startsWith("c2pa.actions"));
  return (assertion?.data.actions ?? []) as { action: string; digitalSourceType?: string; softwareAgent?: { name: string } }[];
}

describe.each(["png", "jpeg"] as const)("Content Credentials on a %s", (format) => {
  it("read as valid, with the generation's action and source type, signed by an issuer the reader does not know", async () => {
    const signed = await signContentCredentials(await picture(format), format, generation, identity);
    const reading = await readContentCredentials(signed, MEDIA[format]);
    expect(reading.validationState).toBe("Valid");
    expect(reading.failures).toEqual(["signingCredential.untrusted"]);
    expect(actionsOf(reading)).toEqual([expect.objectContaining({ action: "c2pa.created", digitalSourceType: TRAINED })]);
    expect(actionsOf(reading)[0]?.softwareAgent?.name).toContain("Pictura");
    expect((await sharp(signed).metadata()).format).toBe(format);
  });

  it("read as trusted when the installation's root is trusted", async () => {
    const signed = await signContentCredentials(await picture(format), format, generation, identity);
    const reading = await readContentCredentials(signed, MEDIA[format], rootPem);
    expect(reading).toMatchObject({ validationState: "Trusted", failures: [] });
  });

  it("is not trusted under another root", async () => {
    const signed = await signContentCredentials(await picture(format), format, generation, identity);
    const other = await makeInstallationIdentity("Other");
    const reading = await readContentCredentials(signed, MEDIA[format], other.rootCertificatePem);
    expect(reading.validationState).toBe("Valid");
    expect(reading.failures).toContain("signingCredential.untrusted");
  });

  it("reads as tampered when one byte of the picture changes", async () => {
    const signed = await signContentCredentials(await picture(format, 256), format, generation, identity);
    const changed = Buffer.from(signed);
    changed[changed.length - 200]! ^= 0x01;
    const reading = await readContentCredentials(changed, MEDIA[format], rootPem);
    expect(reading.validationState).toBe("Invalid");
    expect(reading.failures).toContain("assertion.dataHash.mismatch");
  });

  it("gives the same bytes when the same picture is signed again with the same credentials (Ed25519 signs deterministically)", async () => {
    const bytes = await picture(format);
    const first = await signContentCredentials(bytes, format, generation, identity);
    expect((await signContentCredentials(bytes, format, generation, identity)).equals(first)).toBe(true);
    const other = { actions: [{ ...generation.actions[0]!, digitalSourceType: COMPOSITE }] };
    expect((await signContentCredentials(bytes, format, other, identity)).equals(first)).toBe(false);
  });

  it("signs with an EC P-256 key in the form the reference implementation accepts (ES256, r|s)", async () => {
    const made = await makeInstallationIdentity("Operator", new Date(), "ES256");
    const es256 = { privateKey: createPrivateKey(made.privateKeyPem), chain: certificatesOf(made.certificatePem), installationRoot: null };
    expect(es256.privateKey.asymmetricKeyType).toBe("ec");
    const signed = await signContentCredentials(await picture(format), format, generation, es256);
    const reading = await readContentCredentials(signed, MEDIA[format], made.rootCertificatePem);
    expect(reading).toMatchObject({ validationState: "Trusted", failures: [] });
    expect(reading.activeManifest?.signature_info?.alg).toBe("Es256");
  });

  it("names the upload an edit started from as its ingredient, by its hash, with opened then edited", async () => {
    const upload = await picture(format);
    const sha256 = createHash("sha256").update(upload).digest("hex");
    const credentials: ContentCredentials = {
      ingredient: { title: `upload.${format}`, format: MEDIA[format], sha256 },
      actions: [
        { action: "c2pa.opened", softwareAgent: { name: "Pictura", version: "0.1.0" } },
        { action: "c2pa.edited", digitalSourceType: COMPOSITE, softwareAgent: { name: "Pictura", version: "0.1.0" } },
      ],
    };
    const reading = await readContentCredentials(await signContentCredentials(upload, format, credentials, identity), MEDIA[format], rootPem);
    expect(reading.validationState).toBe("Trusted");
    expect(actionsOf(reading).map((action) => [action.action, action.digitalSourceType])).toEqual([
      ["c2pa.opened", undefined],
      ["c2pa.edited", COMPOSITE],
    ]);
    expect(reading.activeManifest?.ingredients).toEqual([
      expect.objectContaining({ title: `upload.${format}`, relationship: "parentOf", instance_id: `sha256:${sha256}` }),
    ]);
  });
});

describe.each(["png", "jpeg"] as const)("an upload to %s that carries Content Credentials of its own", (format) => {
  it("keeps them as the ingredient's manifest: the result reads valid, its ingredient names the upload's manifest, actions and signer", async () => {
    const camera = await makeInstallationIdentity("Camera");
    const cameraIdentity = { privateKey: createPrivateKey(camera.privateKeyPem), chain: certificatesOf(camera.certificatePem), installationRoot: null };
    const original: ContentCredentials = { actions: [{ action: "c2pa.created", softwareAgent: { name: "Camera app", version: "2.1" } }] };
    const upload = await signContentCredentials(await picture(format, 96), format, original, cameraIdentity);
    const uploadReading = await readContentCredentials(upload, MEDIA[format]);
    const sha256 = createHash("sha256").update(upload).digest("hex");
    const credentials: ContentCredentials = {
      ingredient: { title: `upload.${format}`, format: MEDIA[format], sha256, file: { bytes: upload, format } },
      actions: [
        { action: "c2pa.opened", softwareAgent: { name: "Pictura", version: "0.1.0" } },
        { action: "c2pa.edited", digitalSourceType: COMPOSITE, softwareAgent: { name: "Pictura", version: "0.1.0" } },
      ],
    };
    const result = await signContentCredentials(await picture(format, 80), format, credentials, identity);
    // Trusting both signers' roots, the whole history is trusted.
    const read = (await readStore(result, MEDIA[format], `${rootPem}\n${camera.rootCertificatePem}`)) as unknown as StoreReading;
    const active = read.manifests[read.active_manifest]!;
    const uploadLabel = (await readStore(upload, MEDIA[format])).active_manifest as string;
    expect(read.validation_state).toBe("Trusted");
    expect(read.validation_results.ingredientDeltas?.flatMap((delta) => delta.validationDeltas.failure)).toEqual([]);
    expect(active.ingredients).toEqual([expect.objectContaining({ relationship: "parentOf", active_manifest: uploadLabel, instance_id: `sha256:${sha256}` })]);
    // The upload's manifest, as its own signer wrote it: its actions and its signer are readable in the result.
    const carried = read.manifests[uploadLabel]!;
    expect(carried.signature_info).toMatchObject({ common_name: "Camera Content Credentials", issuer: "Camera" });
    const carriedActions = carried.assertions.find((entry) => entry.label.startsWith("c2pa.actions"))?.data.actions as {
      action: string;
      softwareAgent?: { name: string };
    }[];
    expect(carriedActions).toEqual([expect.objectContaining({ action: "c2pa.created", softwareAgent: expect.objectContaining({ name: "Camera app" }) })]);
    // Trusting ours alone: still valid, and the ingredient's signature still checks out (only its issuer is not trusted).
    const ours = (await readStore(result, MEDIA[format], rootPem)) as unknown as StoreReading;
    expect(ours.validation_state).toBe("Valid");
    const deltas = ours.validation_results.ingredientDeltas?.flatMap((delta) => delta.validationDeltas.failure.map((entry) => entry.code)) ?? [];
    expect(deltas).toEqual(["signingCredential.untrusted"]);
    expect(ours.validation_results.activeManifest.failure).toEqual([]);
    expect(uploadReading.validationState).toBe("Valid");
    // One changed byte of the result still reads as tampered.
    const changed = Buffer.from(result);
    changed[changed.length - 200]! ^= 0x01;
    expect((await readContentCredentials(changed, MEDIA[format], rootPem)).validationState).toBe("Invalid");
  });

  it("names an upload without credentials by its hash alone, as before", async () => {
    const upload = await picture(format);
    const sha256 = createHash("sha256").update(upload).digest("hex");
    const credentials: ContentCredentials = {
      ingredient: { title: `upload.${format}`, format: MEDIA[format], sha256, file: { bytes: upload, format } },
      actions: [{ action: "c2pa.opened", softwareAgent: { name: "Pictura" } }],
    };
    const read = (await readStore(await signContentCredentials(upload, format, credentials, identity), MEDIA[format], rootPem)) as unknown as StoreReading;
    expect(Object.keys(read.manifests)).toHaveLength(1);
    expect(read.validation_state).toBe("Trusted");
  });
});

interface StoreReading {
  active_manifest: string;
  validation_state: string;
  manifests: Record<
    string,
    {
      ingredients?: Record<string, unknown>[];
      assertions: { label: string; data: Record<string, unknown> }[];
      signature_info?: Record<string, unknown>;
    }
  >;
  validation_results: {
    activeManifest: { failure: { code: string }[] };
    ingredientDeltas?: { validationDeltas: { failure: { code: string }[] } }[];
  };
}

describe("an ingredient file the C2PA library cannot follow", () => {
  it("still gives a signed result, its ingredient named by its hash", async () => {
    const upload = await picture("png");
    // A PNG signature followed by chunks that run past the end of the file.
    const damaged = Buffer.concat([upload.subarray(0, 8), Buffer.from([0, 0, 0x7f, 0xff]), Buffer.from("caBXjunk")]);
    const credentials: ContentCredentials = {
      ingredient: { title: "upload.png", format: "image/png", sha256: "0".repeat(64), file: { bytes: damaged, format: "png" } },
      actions: [{ action: "c2pa.opened", softwareAgent: { name: "Pictura" } }],
    };
    const reading = await readContentCredentials(await signContentCredentials(upload, "png", credentials, identity), "image/png", rootPem);
    expect(reading.validationState).toBe("Trusted");
    expect(reading.activeManifest?.ingredients).toEqual([expect.objectContaining({ instance_id: `sha256:${"0".repeat(64)}` })]);
  });
});
