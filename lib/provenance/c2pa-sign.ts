// Content Credentials (C2PA) written into a PNG or JPEG: a manifest with the actions that made the
// picture (and the upload it started from, as an ingredient known by its hash), bound to the file's
// bytes by a data hash and signed with ES256. The signature is written in IEEE P1363 form (r|s), as
// WebCrypto and the C2PA reference implementation expect; the library's stock signer writes DER,
// which the reference implementation rejects.
import "server-only";
import { randomUUID, sign } from "node:crypto";
import type { Signer } from "@trustnxt/c2pa-ts/cose";
import type { Action } from "@trustnxt/c2pa-ts/manifest";
import { loadC2paLibrary } from "@/lib/provenance/c2pa-library";
import type { C2paSigningIdentity } from "./c2pa-identity";

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
}

export interface ContentCredentials {
  actions: C2paAction[];
  ingredient?: C2paIngredient;
}

const MEDIA_TYPES: Record<C2paFormat, string> = { png: "image/png", jpeg: "image/jpeg" };

/** The bytes with a signed manifest of these credentials embedded. */
export async function signContentCredentials(
  bytes: Buffer,
  format: C2paFormat,
  credentials: ContentCredentials,
  identity: C2paSigningIdentity,
): Promise<Buffer> {
  const { asset: assets, cose, manifest: manifests } = await loadC2paLibrary();
  const asset = format === "png" ? new assets.PNG(bytes) : new assets.JPEG(bytes);
  const [certificate, ...chainCertificates] = identity.chain;
  const signer: Signer = {
    algorithm: cose.CoseAlgorithmIdentifier.ES256,
    // The library reads only the certificates' DER (rawData); its own @peculiar/x509 is another major version.
    certificate: certificate as unknown as Signer["certificate"],
    chainCertificates: chainCertificates as unknown as Signer["certificate"][],
    sign: async (payload: Uint8Array) => new Uint8Array(sign("sha256", payload, { key: identity.privateKey, dsaEncoding: "ieee-p1363" })),
  };
  const store = new manifests.ManifestStore();
  const manifest = store.createManifest({
    assetFormat: MEDIA_TYPES[format],
    instanceID: `xmp:iid:${randomUUID()}`,
    defaultHashAlgorithm: "SHA-256",
    signer,
  });

  let ingredientReference: ReturnType<typeof manifest.createAssertionReference> | undefined;
  if (credentials.ingredient) {
    const ingredient = manifests.IngredientAssertion.createV3(manifests.RelationshipType.ParentOf);
    ingredient.title = credentials.ingredient.title;
    ingredient.format = credentials.ingredient.format;
    ingredient.instanceID = `sha256:${credentials.ingredient.sha256}`;
    ingredient.description = `SHA-256 ${credentials.ingredient.sha256}`;
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
  await manifest.sign(signer);
  await asset.writeManifestJUMBF(store.getBytes());
  return Buffer.from(await asset.getDataRange());
}
