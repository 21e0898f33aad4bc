"use client";
// The Object removal screen (spec §2, §4): the upload dialog first, then the photo to highlight the
// object on (Start/Stop Highlighting, brush size, undo, Clear, Change Image), Remove Object once
// something is marked, and the before/after result with Save and Download Result.
import { useTranslations } from "next-intl";
import { OBJECT_REMOVAL } from "./removal-config";
import { RemovalScreen } from "./removal-screen";
import { UploadDialog } from "./upload-dialog";

export function ObjectRemovalScreen() {
  const t = useTranslations("ObjectRemoval");
  return <RemovalScreen config={OBJECT_REMOVAL} t={t} UploadDialog={UploadDialog} />;
}
