// POST /api/verify: what an image from anywhere says about where it came from. Its Content Credentials
// as the C2PA reference reader (c2pa-rs) reads them — who signed, when, which actions, whether AI made
// or changed it, whether the file changed since — and the IPTC AI label in its XMP. The upload is
// checked as every upload is (lib/imaging/input.ts); nothing is stored, charged or logged of it.
// The installation's own root is trusted here; other verifiers say "issuer not recognized" for it.
import "server-only";
import sharp from "sharp";
import type { ImageCaller } from "@/lib/imaging/caller";
import { CONVERTER_FORMATS, readUploadedImage } from "@/lib/imaging/input";
import { digitalSourceTypeOf } from "@/lib/imaging/metadata/xmp-packet";
import { storedInstallationRootPem } from "./c2pa-identity";
import { loadC2paReader } from "./c2pa-library";
import { aiVerdictOf, type CredentialsReport } from "./verify-report";

/** Codes that say only that the signer is not on the reader's trust list: reported as the signer's trust, not as a failure. */
const TRUST_CODES = new Set(["signingCredential.untrusted"]);
/** Codes that say the file's bytes differ from those signed. */
const CHANGED_CODES = new Set([
  "assertion.dataHash.mismatch",
  "assertion.bmffHash.mismatch",
  "assertion.boxesHash.mismatch",
  "assertion.collectionHash.mismatch",
]);
/** What the reader throws for a file with no manifest, or of a type it cannot carry one in. */
const NO_MANIFEST = /JumbfNotFound|ManifestNotFound|ProvenanceMissing|UnsupportedType|NotFound/i;

const INSTALLATION_NOTE =
  "Signed by this Pictura installation's own certificate authority: trusted here, while other verifiers show 'issuer not recognized' unless told to trust it.";
const UNKNOWN_ISSUER_NOTE = "The issuer is not one this site trusts; a verifier with the C2PA trust list may recognize it.";

interface ReadStatus {
  code: string;
  explanation?: string;
}

interface ReadManifest {
  claim_generator?: string;
  claim_generator_info?: { name?: string; version?: string }[];
  assertions?: { label: string; data?: { actions?: ReadAction[] } }[];
  ingredients?: { title?: string; relationship?: string; active_manifest?: string; manifest_data?: unknown }[];
  signature_info?: { alg?: string; issuer?: string; common_name?: string; time?: string };
}

interface ReadAction {
  action?: string;
  digitalSourceType?: string;
  softwareAgent?: string | { name?: string; version?: string };
}

interface ReadStore {
  active_manifest?: string;
  manifests?: Record<string, ReadManifest>;
  validation_state?: "Invalid" | "Valid" | "Trusted";
  validation_status?: ReadStatus[];
  validation_results?: { activeManifest?: { failure?: ReadStatus[] } };
}

const agentName = (agent: ReadAction["softwareAgent"]): string | null =>
  typeof agent === "string" ? agent : agent?.name ? [agent.name, agent.version].filter(Boolean).join(" ") : null;

/** The reader's report on the bytes, trusting `trustAnchor` only; null when the file carries no manifest. */
async function readStore(bytes: Buffer, mediaType: string, trustAnchor: string | null): Promise<ReadStore | null> {
  const { WasmReader } = await loadC2paReader();
  const settings = trustAnchor ? JSON.stringify({ trust: { trust_anchors: trustAnchor }, verify: { verify_trust: true } }) : null;
  let reader: Awaited<ReturnType<typeof WasmReader.fromBytes>>;
  try {
    reader = await WasmReader.fromBytes(mediaType, bytes, settings);
  } catch (error) {
    if (NO_MANIFEST.test(String(error))) return null;
    // A manifest the reader cannot parse at all is there, and broken.
    return { validation_state: "Invalid", validation_status: [{ code: "manifest.unreadable", explanation: String(error).slice(0, 200) }] };
  }
  try {
    return JSON.parse(reader.json()) as ReadStore;
  } finally {
    reader.free();
  }
}

function credentialsOf(store: ReadStore, installationRoot: boolean): Omit<CredentialsReport, "format" | "width" | "height" | "iptcDigitalSourceType"> {
  const manifest = store.active_manifest ? store.manifests?.[store.active_manifest] : undefined;
  const statuses = [...(store.validation_status ?? []), ...(store.validation_results?.activeManifest?.failure ?? [])];
  const seen = new Set<string>();
  const failures = statuses
    .filter((status) => !TRUST_CODES.has(status.code) && !seen.has(status.code) && seen.add(status.code))
    .map((status) => ({ code: status.code, explanation: status.explanation ?? "" }));
  const actions = (manifest?.assertions ?? [])
    .filter((assertion) => assertion.label.startsWith("c2pa.actions"))
    .flatMap((assertion) => assertion.data?.actions ?? [])
    .map((action) => ({ action: action.action ?? "", digitalSourceType: action.digitalSourceType ?? null, softwareAgent: agentName(action.softwareAgent) }));
  const trusted = store.validation_state === "Trusted";
  const signature = manifest?.signature_info;
  return {
    hasCredentials: true,
    signer: signature
      ? {
          subject: signature.common_name ?? null,
          issuer: signature.issuer ?? null,
          algorithm: signature.alg ?? null,
          trusted,
          installationRoot: trusted && installationRoot,
          note: trusted && installationRoot ? INSTALLATION_NOTE : trusted ? null : UNKNOWN_ISSUER_NOTE,
        }
      : null,
    signedAt: signature?.time ?? null,
    timeStamped: Boolean(signature?.time),
    claimGenerator:
      manifest?.claim_generator ?? manifest?.claim_generator_info?.map((info) => [info.name, info.version].filter(Boolean).join(" ")).join(", ") ?? null,
    softwareAgents: [...new Set(actions.flatMap((action) => (action.softwareAgent ? [action.softwareAgent] : [])))],
    actions,
    ai: aiVerdictOf(actions.map((action) => action.digitalSourceType)),
    ingredients: (manifest?.ingredients ?? []).map((ingredient) => ({
      title: ingredient.title ?? null,
      relationship: ingredient.relationship ?? null,
      hasCredentials: Boolean(ingredient.active_manifest ?? ingredient.manifest_data),
    })),
    validation: {
      state: store.validation_state === "Invalid" && failures.length > 0 ? "invalid" : "valid",
      changedSinceSigned: failures.some((failure) => CHANGED_CODES.has(failure.code)),
      failures,
    },
  };
}

const NO_CREDENTIALS = {
  hasCredentials: false,
  signer: null,
  signedAt: null,
  timeStamped: false,
  claimGenerator: null,
  softwareAgents: [],
  actions: [],
  ai: "none",
  ingredients: [],
  validation: null,
} as const satisfies Partial<CredentialsReport>;

/** The uploaded image's Content Credentials and AI label, as this site reads them. */
export async function verifyUploadedImage(caller: ImageCaller): Promise<CredentialsReport> {
  const form = await caller.readForm(1);
  const image = await readUploadedImage(form, "image", CONVERTER_FORMATS);
  const [store, { xmp }] = await Promise.all([
    storedInstallationRootPem().then((root) => readStore(image.buffer, image.contentType, root).then((read) => ({ read, root }))),
    sharp(image.buffer, { limitInputPixels: false })
      .metadata()
      .catch(() => ({ xmp: undefined })),
  ]);
  const facts = { format: image.contentType, width: image.width, height: image.height, iptcDigitalSourceType: digitalSourceTypeOf(xmp) };
  if (!store.read) return { ...facts, ...NO_CREDENTIALS };
  return { ...facts, ...credentialsOf(store.read, store.root !== null) };
}
