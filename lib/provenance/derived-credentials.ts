// The Content Credentials of a derived copy of a picture (a share link's smaller, re-encoded copy):
// the original is its ingredient, known by its hash, with the original's own manifest carried whole
// (c2pa-ingredient.ts), so the AI actions that made it stay signed in the copy; the copy's own manifest
// says Pictura opened it (with the digital source type the original declares) and resized it, and
// converted it when the format changed. Signed by the installation, as results are.
import "server-only";
import type { ImageAsset } from "@/lib/imaging/types";
import packageJson from "@/package.json";
import type { C2paAction } from "./c2pa-sign";
import { FORMATS, signedWith } from "./result-credentials";

const PICTURA = { name: "Pictura", version: packageJson.version };

export interface DerivedFrom {
  bytes: Buffer;
  contentType: string;
  sha256: string;
  /** The IPTC digital source type the original declares in its XMP, if any. */
  digitalSourceType: string | null;
}

/** The copy signed with credentials naming the original; a copy in a format the writer cannot sign is returned as it is. */
export async function withDerivedCopyCredentials(copy: ImageAsset, original: DerivedFrom): Promise<ImageAsset> {
  const format = FORMATS[copy.contentType];
  if (!format) return copy;
  const originalFormat = FORMATS[original.contentType];
  const actions: C2paAction[] = [
    { action: "c2pa.opened", softwareAgent: PICTURA, ...(original.digitalSourceType ? { digitalSourceType: original.digitalSourceType } : {}) },
    { action: "c2pa.resized", softwareAgent: PICTURA, description: "A smaller copy for a share link." },
  ];
  if (copy.contentType !== original.contentType) actions.push({ action: "c2pa.converted", softwareAgent: PICTURA });
  const ingredient = {
    title: `original.${original.contentType.split("/")[1] ?? "bin"}`,
    format: original.contentType,
    sha256: original.sha256,
    ...(originalFormat ? { file: { bytes: original.bytes, format: originalFormat } } : {}),
  };
  return { ...copy, buffer: await signedWith(copy.buffer, format, { ingredient, actions }) };
}
