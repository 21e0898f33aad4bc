// The Content Credentials a PNG or JPEG result gets for each kind of work, read by the C2PA reference
// implementation as a verifier would: which actions, which AI source type, which ingredient, who made
// it, and that the signature holds (trusted once the installation's root is trusted).
import { createHash } from "node:crypto";
import sharp from "sharp";
import { db } from "@/lib/db";
import type { OperationKind } from "@/lib/generated/prisma/client";
import { digitalSourceTypeFor } from "@/lib/imaging/metadata/label-result";
import { installationIdentity, makeInstallationIdentity } from "@/lib/provenance/c2pa-identity";
import { withContentCredentials } from "@/lib/provenance/result-credentials";
import { aiLabelsOf } from "@/lib/tools/server-facts";
import packageJson from "@/package.json";
import { signedInUser } from "./helpers";
import { readContentCredentials, type C2paReading } from "../setup/c2pa-reader";
import { setSettings } from "../setup/settings";

const IPTC = "http://cv.iptc.org/newscodes/digitalsourcetype/";
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const upload = () =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: "#c08040" } })
    .png()
    .toBuffer();

async function operation(kind: OperationKind, provider: string, model: string | null, input?: Buffer) {
  const { user } = await signedInUser();
  return db.operation.create({
    data: {
      userId: user.id,
      kind,
      provider,
      model,
      status: "running",
      ...(input ? { inputs: { create: [{ position: 0, sha256: sha256(input) }] } } : {}),
    },
  });
}

/** The operation's result, with its credentials, as a verifier trusting the installation's root reads it. */
async function credentialed(made: Awaited<ReturnType<typeof operation>>, format: "png" | "jpeg" | "webp", trustedRoot?: string) {
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#2060a0" } })
    .toFormat(format)
    .toBuffer();
  const result = { buffer: picture, contentType: `image/${format}`, width: 64, height: 64 };
  const signed = await withContentCredentials(made, result, digitalSourceTypeFor(made));
  const root = trustedRoot ?? (await installationIdentity()).installationRoot!.toString("pem");
  return { signed, reading: () => readContentCredentials(signed.buffer, signed.contentType, root) };
}

type ReadAction = { action: string; digitalSourceType?: string; softwareAgent?: { name: string; version?: string } };
const actionsOf = (reading: C2paReading) =>
  (reading.activeManifest?.assertions.find((entry) => entry.label.startsWith("c2pa.actions"))?.data.actions ?? []) as ReadAction[];
const summary = (reading: C2paReading) => actionsOf(reading).map((action) => [action.action, action.digitalSourceType ?? null]);

describe("Content Credentials on a result", () => {
  it("a generation by a trained model: c2pa.created, trained algorithmic media, Pictura with its version, the provider and the model", async () => {
    const { reading } = await credentialed(await operation("generate", "flux", "flux-pro-1.1"), "png");
    const read = await reading();
    expect(read.validationState).toBe("Trusted");
    expect(summary(read)).toEqual([["c2pa.created", `${IPTC}trainedAlgorithmicMedia`]]);
    expect(actionsOf(read)[0]?.softwareAgent).toEqual({ name: "Pictura (flux flux-pro-1.1)", version: packageJson.version });
    expect(read.activeManifest?.ingredients ?? []).toEqual([]);
  });

  it("the offline engine's generation is created as algorithmic, not trained, media", async () => {
    const { reading } = await credentialed(await operation("generate", "local", null), "jpeg");
    expect(summary(await reading())).toEqual([["c2pa.created", `${IPTC}algorithmicMedia`]]);
  });

  it.each([
    ["edit", "flux", "flux-kontext-pro"],
    ["object_removal", "flux", "flux-pro-1.0-fill"],
    ["expand", "flux", "flux-pro-1.0-fill"],
    ["background_removal", "local", "isnet"],
  ] as const)("an AI %s opens the upload (an ingredient known by its hash), then edits it as a composite with trained media", async (kind, provider, model) => {
    const input = await upload();
    const { reading } = await credentialed(await operation(kind, provider, model, input), "png");
    const read = await reading();
    expect(read.validationState).toBe("Trusted");
    expect(summary(read)).toEqual([
      ["c2pa.opened", null],
      ["c2pa.edited", `${IPTC}compositeWithTrainedAlgorithmicMedia`],
    ]);
    expect(actionsOf(read)[1]?.softwareAgent?.name).toBe(`Pictura (${provider} ${model})`);
    expect(read.activeManifest?.ingredients).toEqual([expect.objectContaining({ relationship: "parentOf", instance_id: `sha256:${sha256(input)}` })]);
  });

  it.each(["png", "jpeg"] as const)("a conversion to %s lists only what happened: opened, converted, no AI source type", async (format) => {
    const { reading } = await credentialed(await operation("convert", "local", null, await upload()), format);
    const read = await reading();
    expect(read.validationState).toBe("Trusted");
    expect(summary(read)).toEqual([
      ["c2pa.opened", null],
      ["c2pa.converted", null],
    ]);
    expect(actionsOf(read).map((action) => action.softwareAgent?.name)).toEqual(["Pictura", "Pictura"]);
  });

  it("a result changed by one byte reads as tampered", async () => {
    const { signed } = await credentialed(await operation("cartoon_style", "local", null, await upload()), "png");
    const changed = Buffer.from(signed.buffer);
    changed[changed.length - 40]! ^= 0x01;
    expect((await readContentCredentials(changed, "image/png")).validationState).toBe("Invalid");
  });

  it("leaves a WebP result and a selection mask as they were", async () => {
    const webp = await credentialed(await operation("convert", "local", null, await upload()), "webp");
    await expect(webp.reading()).rejects.toBeTruthy();
    const mask = await credentialed(await operation("segment", "local", null, await upload()), "png");
    await expect(mask.reading()).rejects.toBeTruthy();
  });
});

// Every kind of result the registry says is labelled (all but the selection mask), in both formats
// that carry a manifest, under both signers: the installation's own root, and an operator's chain.
const LABELLED_KINDS = Object.entries(aiLabelsOf()).flatMap(([kind, label]) => (label ? [kind as OperationKind] : []));

describe("every kind of result reads as trusted", () => {
  it("covers every operation kind but the selection mask", () => {
    expect([...LABELLED_KINDS].sort()).toEqual(
      ["background_removal", "blur_background", "cartoon_style", "convert", "edit", "expand", "generate", "object_removal", "product_photo", "upscale"].sort(),
    );
  });

  describe.each(["the installation's own root", "an operator's configured chain"])("signed under %s", (signer) => {
    let root: string | undefined;
    beforeAll(async () => {
      if (signer === "the installation's own root") return;
      const operator = await makeInstallationIdentity("Operator CA", new Date(), "ES256");
      setSettings({ C2PA_SIGNING_KEY: operator.privateKeyPem, C2PA_CERT_CHAIN: operator.certificatePem });
      root = operator.rootCertificatePem;
    });
    afterAll(() => setSettings({ C2PA_SIGNING_KEY: undefined, C2PA_CERT_CHAIN: undefined }));

    it.each(LABELLED_KINDS.flatMap((kind) => (["png", "jpeg"] as const).map((format) => [kind, format] as const)))("%s as %s", async (kind, format) => {
      const made = await operation(kind, "local", null, kind === "generate" ? undefined : await upload());
      const { signed, reading } = await credentialed(made, format, root);
      const read = await reading();
      expect([read.validationState, read.failures]).toEqual(["Trusted", []]);
      expect(read.activeManifest?.signature_info?.common_name).toBe(
        signer === "the installation's own root" ? "Pictura Content Credentials" : "Operator CA Content Credentials",
      );
      const changed = Buffer.from(signed.buffer);
      changed[changed.length - 40]! ^= 0x01;
      expect((await readContentCredentials(changed, signed.contentType, root)).validationState).toBe("Invalid");
    });
  });
});
