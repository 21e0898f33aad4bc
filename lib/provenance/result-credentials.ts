// The Content Credentials a worker's PNG or JPEG result carries, by what made it (the tool registry's
// `aiLabel`, as for the IPTC label in lib/imaging/metadata/label-result.ts):
// - a generation: c2pa.created, with the digital source type (trainedAlgorithmicMedia for a trained model);
// - an AI edit, fill, expand or removal: c2pa.opened for the upload (an ingredient known by its hash),
//   then c2pa.edited with compositeWithTrainedAlgorithmicMedia;
// - a format conversion: c2pa.opened, then c2pa.converted, with no AI source type of its own.
// The software agent is Pictura with its version, and the provider and model where one was used.
// An upload that carries Content Credentials of its own keeps them as the ingredient's manifest
// (c2pa-ingredient.ts); with C2PA_TSA_URL the signature is time-stamped (c2pa-timestamp.ts).
// Other formats keep the IPTC label alone: the C2PA writer has no place for a manifest in them.
import "server-only";
import type { Operation } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { aiLabelsOf } from "@/lib/tools/server-facts";
import type { ToolAiLabel } from "@/lib/tools/types";
import type { ImageAsset } from "@/lib/imaging/types";
import packageJson from "@/package.json";
import { env } from "@/lib/env";
import { blobStore } from "@/lib/storage/store";
import { signingIdentity } from "./c2pa-identity";
import { timestampAuthority } from "./c2pa-timestamp";
import { signContentCredentials, type C2paAction, type C2paFormat, type C2paIngredient, type ContentCredentials } from "./c2pa-sign";

const AI_LABELS = aiLabelsOf() as Record<string, ToolAiLabel>;
/** The formats the C2PA writer can sign, by content type. */
export const FORMATS: Record<string, C2paFormat> = { "image/png": "png", "image/jpeg": "jpeg" };

type Made = Pick<Operation, "id" | "kind" | "provider" | "model">;

/** Pictura, and the provider and model the operation ran on when it ran on one. */
function agentOf(operation: Made, usedModel: boolean): C2paAction["softwareAgent"] {
  if (!usedModel) return { name: "Pictura", version: packageJson.version };
  const model = [operation.provider, operation.model].filter(Boolean).join(" ");
  return { name: model ? `Pictura (${model})` : "Pictura", version: packageJson.version };
}

/**
 * The operation's first input, as the recipe recorded it: the picture the work started from. Its
 * bytes are the worker's copy when given (`source`), read from storage otherwise.
 */
async function ingredientOf(operation: Made, source?: ImageAsset): Promise<C2paIngredient | null> {
  const input = await db.operationInput.findFirst({
    where: { operationId: operation.id, position: 0 },
    select: { sha256: true, file: { select: { contentType: true, storageKey: true } } },
  });
  if (!input?.sha256) return null;
  const format = input.file?.contentType ?? "application/octet-stream";
  const ingredient: C2paIngredient = { title: `upload.${format.split("/")[1] ?? "bin"}`, format, sha256: input.sha256 };
  // A PNG or JPEG may carry Content Credentials of its own, kept as the ingredient's manifest.
  const fileFormat = FORMATS[format];
  if (!fileFormat || !input.file) return ingredient;
  const bytes = source?.buffer ?? (await blobStore().get(input.file.storageKey))?.body;
  return bytes ? { ...ingredient, file: { bytes, format: fileFormat } } : ingredient;
}

/** The actions (and ingredient) a result's manifest lists; null for a result that gets none (a selection mask). */
export async function credentialsFor(operation: Made, digitalSourceType: string | null, source?: ImageAsset): Promise<ContentCredentials | null> {
  const label = AI_LABELS[operation.kind] ?? null;
  if (label === null) return null;
  const aiSource = label === "source" ? undefined : (digitalSourceType ?? undefined);
  if (label === "generated") {
    return { actions: [{ action: "c2pa.created", digitalSourceType: aiSource, softwareAgent: agentOf(operation, true) }] };
  }
  const ingredient = await ingredientOf(operation, source);
  const work: C2paAction =
    label === "source"
      ? { action: "c2pa.converted", softwareAgent: agentOf(operation, false) }
      : { action: "c2pa.edited", digitalSourceType: aiSource, softwareAgent: agentOf(operation, true) };
  // Every manifest starts with c2pa.opened or c2pa.created; without a recorded input there is nothing to open.
  if (!ingredient) return { actions: [{ ...work, action: "c2pa.created" }] };
  return { ingredient, actions: [{ action: "c2pa.opened", softwareAgent: agentOf(operation, false) }, work] };
}

/** The result with its signed Content Credentials, when it is a PNG or JPEG and its kind gets them. */
export async function withContentCredentials(operation: Made, result: ImageAsset, digitalSourceType: string | null, source?: ImageAsset): Promise<ImageAsset> {
  const format = FORMATS[result.contentType];
  if (!format) return result;
  const credentials = await credentialsFor(operation, digitalSourceType, source);
  if (!credentials) return result;
  return { ...result, buffer: await signedWith(result.buffer, format, credentials) };
}

/** The bytes signed with these credentials by the installation's identity, time-stamped when C2PA_TSA_URL is set. */
export async function signedWith(bytes: Buffer, format: C2paFormat, credentials: ContentCredentials): Promise<Buffer> {
  const tsaUrl = env().C2PA_TSA_URL;
  const options = tsaUrl ? { timestampProvider: timestampAuthority(tsaUrl) } : {};
  return signContentCredentials(bytes, format, credentials, await signingIdentity(), options);
}
