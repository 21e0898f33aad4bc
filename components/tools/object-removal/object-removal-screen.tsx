"use client";
// The Object removal screen (spec §2, §4): the upload dialog first, then the photo to highlight the
// object on (Start/Stop Highlighting, brush size, undo, Clear, Change Image), Remove Object once
// something is marked, and the before/after result with Save and Download Result. It is the removal
// screen (components/tools/removal) with the configuration in object-removal-config.ts.
import { useTranslations } from "next-intl";
import { RemovalScreen } from "@/components/tools/removal/removal-screen";
import { OBJECT_REMOVAL } from "./object-removal-config";
import { UploadDialog } from "./upload-dialog";

export function ObjectRemovalScreen() {
  const t = useTranslations("ObjectRemoval");
  return <RemovalScreen config={OBJECT_REMOVAL} t={t} UploadDialog={UploadDialog} />;
}
