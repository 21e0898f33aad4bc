// Which AI label a worker's result gets, by what made it (issue: AI labels in the files); each tool's
// registry entry names its case (lib/tools/registry.ts, `aiLabel`):
// - a picture made from a prompt by a trained model (Flux, OpenAI) is trainedAlgorithmicMedia;
// - a photo changed by a model (edits, background and object removal, cartoons, upscaling, expand,
//   background blur and product photos, all of which synthesise or cut out with a model) is
//   compositeWithTrainedAlgorithmicMedia;
// - the offline engine's prompt-seeded pictures and keyword edits are algorithmicMedia (no trained
//   model made them);
// - a plain format conversion adds no label of its own, but keeps the label of a labelled source:
//   dropping it would let a conversion launder an AI image into an unlabelled one.
import "server-only";
import sharp from "sharp";
import { db } from "@/lib/db";
import type { Operation, OperationKind } from "@/lib/generated/prisma/client";
import { withContentCredentials } from "@/lib/provenance/result-credentials";
import { blobStore } from "@/lib/storage/store";
import { aiLabelsOf } from "@/lib/tools/server-facts";
import type { ToolAiLabel } from "@/lib/tools/types";
import type { ImageAsset } from "../types";
import { embedXmp } from "./embed-xmp";
import { aiLabelXmp, digitalSourceTypeOf, DIGITAL_SOURCE_TYPES } from "./xmp-packet";

const AI_LABELS = aiLabelsOf() as Record<OperationKind, ToolAiLabel>;

/** The digital source type a result of this operation declares, or null for none; its tool's registry entry says which. */
export function digitalSourceTypeFor(operation: Pick<Operation, "kind" | "provider">, sourceType: string | null = null): string | null {
  const offline = operation.provider === "local";
  switch (AI_LABELS[operation.kind]) {
    case "generated":
      return offline ? DIGITAL_SOURCE_TYPES.algorithmic : DIGITAL_SOURCE_TYPES.trained;
    case "edited":
      return offline ? DIGITAL_SOURCE_TYPES.algorithmic : DIGITAL_SOURCE_TYPES.composite;
    case "composite":
      return DIGITAL_SOURCE_TYPES.composite;
    case "source":
      return sourceType;
    default:
      // A selection mask is a working file for the painting screens, not a picture anyone publishes.
      return null;
  }
}

/** The label the operation's first input carries, if it is still stored and has one. */
async function sourceLabelOf(operation: Operation): Promise<string | null> {
  const fileId = (operation.params as { inputFileIds?: unknown } | null)?.inputFileIds;
  const first = Array.isArray(fileId) && typeof fileId[0] === "string" ? fileId[0] : null;
  const file = first ? await db.storedFile.findUnique({ where: { id: first } }) : null;
  const blob = file && (await blobStore().get(file.storageKey));
  if (!blob || file.contentType === "image/bmp") return null;
  try {
    return digitalSourceTypeOf((await sharp(blob.body).metadata()).xmp);
  } catch {
    return null;
  }
}

/**
 * The result with its AI label written in (when it has one and its format can carry it), then, for a
 * PNG or JPEG, its signed Content Credentials (lib/provenance/result-credentials.ts): signed last, as
 * the signature covers every byte of the file.
 */
export async function labelResult(operation: Operation, result: ImageAsset & { source?: ImageAsset }): Promise<ImageAsset> {
  const sourceType = AI_LABELS[operation.kind] === "source" ? await sourceLabelOf(operation) : null;
  const digitalSourceType = digitalSourceTypeFor(operation, sourceType);
  const labelled = digitalSourceType ? await embedXmp(result, aiLabelXmp({ digitalSourceType, tool: operation.kind, provider: operation.provider })) : result;
  return withContentCredentials(operation, labelled, digitalSourceType, result.source);
}
