// Content Credentials (C2PA) written into a PNG or JPEG: a manifest with the actions that made the
// picture (and the upload it started from, as an ingredient known by its hash), bound to the file's
// bytes by a data hash and signed with Ed25519 or ES256. An ES256 signature is written in IEEE P1363
// form (r|s), as WebCrypto and the C2PA reference implementation expect; the library's stock signer
// writes DER, which the reference implementation rejects. The manifest's label and instance id are
// derived from the picture, the credentials and the certificate, so with a deterministic signature
// (Ed25519) the same work signed again gives the same bytes (unless a time-stamp is asked for).
// An upload that carries Content Credentials of its own keeps them: its manifests join the result's
// store and the ingredient names its active manifest (c2pa-ingredient.ts). With a time-stamp
// authority, the claim signature gets an RFC 3161 time-stamp (c2pa-timestamp.ts).
import "server-only";
import { createHash, sign } from "node:crypto";
import type { Signer } from "@trustnxt/c2pa-ts/cose";
import type { Action } from "@trustnxt/c2pa-ts/manifest";
import type { TimestampProvider } from "@trustnxt/c2pa-ts/rfc3161";
import { loadC2paLibrary } from "@/lib/provenance/c2pa-library";
import { c2paAlgorithmOf, type C2paSigningIdentity } from "./c2pa-identity";
import { ingredientManifestsOf } from "./c2pa-ingredient";

export type C2paFormat = "png" | "jpeg";

/** An action as the manifest's c2pa.actions.v2 assertion lists it. */
export interface C2paAction {
  action: "c2pa.created" | "c2pa.opened" | "c2pa.edited" | "c2pa.converted" | "c2pa.cropped" | "c2pa.drawing" | "c2pa.resized";
  digitalSourceType?: string;
  softwareAgent: { name: string; version?: string };
  description?: string;
}

/** The picture the work started from: referenced by its SHA-256, its bytes are not embedded. */
export interface C2paIngredient {
  title: string;
  format: string;
  sha256: string;
  /** The ingredient's own bytes (a PNG or JPEG), when its Content Credentials, if any, are to be carried. */
  file?: { bytes: Buffer; format: C2paFormat };
}

export interface ContentCredentials {
  actions: C2paAction[];
  ingredient?: C2paIngredient;
}

export interface SigningOptions {
  /** Asked for an RFC 3161 time-stamp over the claim signature; it may answer none (the result is then signed without one). */
  timestampProvider?: TimestampProvider;
}

const MEDIA_TYPES: Record<C2paFormat, string> = { png: "image/png", jpeg: "image/jpeg" };

/** A UUID (version 8, RFC 9562) made from what the manifest says of which picture, so the same work gets the same id. */
function uuidOf(...parts: (string | Uint8Array)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  const bytes = hash.digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The bytes with a signed manifest of these credentials embedded. */
export async function signContentCredentials(
  bytes: Buffer,
  format: C2paFormat,
  credentials: ContentCredentials,
  identity: C2paSigningIdentity,
  options: SigningOptions = {},
): Promise<Buffer> {
  const library = await loadC2paLibrary();
  const { asset: assets, cose, manifest: manifests } = library;
  // The library works on the picture in place and, when it already holds a manifest chunk of the
  // right size, writes into the very bytes it was given, part of them through their ArrayBuffer from
  // its start (a Node Buffer may be a view into a larger one): it gets a copy of its own.
  const copy = new Uint8Array(bytes);
  const asset = format === "png" ? new assets.PNG(copy) : new assets.JPEG(copy);
  const [certificate, ...chainCertificates] = identity.chain;
  const algorithm = c2paAlgorithmOf(identity.privateKey);
  if (!algorithm || !certificate) throw new Error("The Content Credentials signing key is neither Ed25519 nor EC P-256, or has no certificate");
  const signer: Signer = {
    algorithm: algorithm === "Ed25519" ? cose.CoseAlgorithmIdentifier.Ed25519 : cose.CoseAlgorithmIdentifier.ES256,
    // The library reads only the certificates' DER (rawData); its own @peculiar/x509 is another major version.
    certificate: certificate as unknown as Signer["certificate"],
    chainCertificates: chainCertificates as unknown as Signer["certificate"][],
    sign: async (payload: Uint8Array) =>
      new Uint8Array(
        algorithm === "Ed25519" ? sign(null, payload, identity.privateKey) : sign("sha256", payload, { key: identity.privateKey, dsaEncoding: "ieee-p1363" }),
      ),
  };
  // The ingredient's file is named by its hash already; its bytes stay out of the id's input.
  const described = JSON.stringify(credentials, (key, value: unknown) => (key === "file" ? undefined : value));
  const id = uuidOf(bytes, described, new Uint8Array(certificate.rawData));
  const store = new manifests.ManifestStore();
  const manifest = store.createManifest({
    assetFormat: MEDIA_TYPES[format],
    instanceID: `xmp:iid:${id}`,
    defaultHashAlgorithm: "SHA-256",
    signer,
  });
  manifest.label = `urn:c2pa:${id}`;

  let ingredientReference: ReturnType<typeof manifest.createAssertionReference> | undefined;
  if (credentials.ingredient) {
    const ingredient = manifests.IngredientAssertion.createV3(manifests.RelationshipType.ParentOf);
    ingredient.title = credentials.ingredient.title;
    ingredient.format = credentials.ingredient.format;
    ingredient.instanceID = `sha256:${credentials.ingredient.sha256}`;
    ingredient.description = `SHA-256 ${credentials.ingredient.sha256}`;
    const { file } = credentials.ingredient;
    const carried = file ? await ingredientManifestsOf(library, file.bytes, file.format) : null;
    if (carried) {
      // Before the result's own manifest: the active manifest is the last of a store.
      store.manifests.unshift(...carried.manifests);
      ingredient.activeManifest = carried.activeManifest;
      ingredient.claimSignature = carried.claimSignature;
      ingredient.validationResults = carried.validationResults;
    }
    manifest.addAssertion(ingredient);
    ingredientReference = manifest.createAssertionReference(ingredient);
  }

  const actions = new manifests.ActionAssertion();
  actions.actions = credentials.actions.map((action) => ({
    action: action.action as Action["action"],
    softwareAgent: action.softwareAgent,
    ...(action.digitalSourceType ? { digitalSourceType: action.digitalSourceType as Action["digitalSourceType"] } : {}),
    ...(action.description ? { description: action.description } : {}),
    ...(action.action === "c2pa.opened" && ingredientReference ? { parameters: { ingredients: [ingredientReference] } } : {}),
  }));
  manifest.addAssertion(actions);

  const dataHash = manifests.DataHashAssertion.create("SHA-256");
  manifest.addAssertion(dataHash);
  await asset.ensureManifestSpace(store.measureSize());
  await dataHash.updateWithAsset(asset);
  await manifest.sign(signer, options.timestampProvider);
  await asset.writeManifestJUMBF(store.getBytes());
  return Buffer.from(await asset.getDataRange());
}
