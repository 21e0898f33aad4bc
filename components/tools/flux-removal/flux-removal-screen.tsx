"use client";
// The Flux object removal screen (spec §2): upload, paint red 50 px strokes over what should go,
// Clear Mask, New Image, Remove Objects (1 credit, with a fresh balance check first), and the result
// with Save and Download.
import { useTranslations } from "next-intl";
import { FLUX_REMOVAL } from "@/components/tools/object-removal/removal-config";
import { RemovalScreen } from "@/components/tools/object-removal/removal-screen";
import { useFluxCreditCheck } from "./use-flux-credit-check";

export function FluxRemovalScreen() {
  const t = useTranslations("FluxRemoval");
  const checkCredits = useFluxCreditCheck(`/${FLUX_REMOVAL.id}`);
  return <RemovalScreen config={FLUX_REMOVAL} t={t} checkCredits={checkCredits} />;
}
