// An upload's own Content Credentials, carried into the result's manifest store: the upload's
// manifests are copied byte for byte (their signatures stay theirs), and the ingredient assertion
// names the upload's active manifest and its claim signature by hashed URI (C2PA 2.x ingredient v3),
// with what validating them found. The upload is stored as it came, less its GPS (strip-location.ts
// edits EXIF in place and never touches the C2PA JUMBF), so the worker reads the manifests from the
// stored file itself.
// What "validating" means here: the library's own checks of the claim, its signature, the assertions
// and the binding to the stored bytes. It checks no trust list, so its trust verdict is left out; a
// verifier decides trust itself. When GPS was removed from a signed upload, its data hash no longer
// matches the stored bytes, and the recorded results say so: that is true of the file the work used.
import "server-only";
import { createHash } from "node:crypto";
import type { IngredientAssertion, Manifest } from "@trustnxt/c2pa-ts/manifest";
import { logger } from "@/lib/observability/log";
import type { C2paLibrary } from "./c2pa-library";

const log = logger("c2pa");

type StatusMap = { code: string; url?: string; explanation?: string };
type ValidationResults = NonNullable<IngredientAssertion["validationResults"]>;

/** The manifests an ingredient file carries, ready to be added to a new manifest store. */
export interface IngredientManifests {
  /** Every manifest of the ingredient's store, in its order; the last is its active manifest. */
  manifests: Manifest[];
  activeManifest: { uri: string; hash: Uint8Array; algorithm: "SHA-256" };
  claimSignature: { uri: string; hash: Uint8Array; algorithm: "SHA-256" };
  validationResults: ValidationResults;
}

// The library checks no trust list: its verdict on trust would be a claim we cannot stand behind.
const TRUST_CODES = /^signingCredential\.(trusted|untrusted)$/;

/** The SHA-256 of a JUMBF box as C2PA hashes one: its contents, without the box's own header. */
function boxHash(box: { toBuffer(): Uint8Array }): Uint8Array {
  return new Uint8Array(createHash("sha256").update(box.toBuffer()).digest());
}

const statusOf = (entry: { code: string; url?: string; explanation?: string }): StatusMap => ({
  code: entry.code,
  ...(entry.url ? { url: entry.url } : {}),
  ...(entry.explanation ? { explanation: entry.explanation } : {}),
});

/**
 * The manifests a PNG or JPEG carries, or null when it carries none or a store this library cannot
 * copy byte for byte (then the ingredient is named by its hash alone, as for any other upload).
 */
export async function ingredientManifestsOf(library: C2paLibrary, bytes: Buffer, format: "png" | "jpeg"): Promise<IngredientManifests | null> {
  try {
    return await readIngredientManifests(library, bytes, format);
  } catch (error) {
    // A file the library cannot follow still makes a signed result, its ingredient named by its hash.
    log.warn({ err: error }, "an upload's Content Credentials could not be read; its ingredient is named by its hash alone");
    return null;
  }
}

async function readIngredientManifests(library: C2paLibrary, bytes: Buffer, format: "png" | "jpeg"): Promise<IngredientManifests | null> {
  const { asset: assets, jumbf, manifest: manifests } = library;
  const asset = format === "png" ? new assets.PNG(bytes) : new assets.JPEG(bytes);
  const raw = asset.getManifestJUMBF();
  if (!raw) return null;
  let store: InstanceType<typeof manifests.ManifestStore>;
  try {
    store = manifests.ManifestStore.read(jumbf.SuperBox.fromBuffer(new Uint8Array(raw)));
  } catch {
    return null;
  }
  const active = store.getActiveManifest();
  const signatureBox = active?.signature?.sourceBox;
  if (!active?.label || !active.sourceBox || !signatureBox) return null;
  // The copy must be the bytes its signer signed: a store that would not be written back unchanged is not carried.
  if (!Buffer.from(store.getBytes()).equals(Buffer.from(raw))) return null;
  const activeHash = boxHash(active.sourceBox);
  const signatureHash = boxHash(signatureBox);
  const validation = await store.validate(asset);
  const entries = validation.statusEntries.filter((entry) => !TRUST_CODES.test(entry.code));
  return {
    manifests: store.manifests,
    activeManifest: { uri: `self#jumbf=/c2pa/${active.label}`, hash: activeHash, algorithm: "SHA-256" },
    claimSignature: {
      uri: `self#jumbf=/c2pa/${active.label}/${signatureBox.descriptionBox?.label ?? "c2pa.signature"}`,
      hash: signatureHash,
      algorithm: "SHA-256",
    },
    validationResults: {
      activeManifest: {
        success: entries.filter((entry) => entry.success).map(statusOf),
        informational: [],
        failure: entries.filter((entry) => !entry.success).map(statusOf),
      },
    } as ValidationResults,
  };
}
