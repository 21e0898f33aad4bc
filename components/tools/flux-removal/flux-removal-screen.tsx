"use client";
// The Flux object removal screen (spec §2): upload, paint red 50 px strokes over what should go,
// Clear Mask, New Image, Remove Objects (1 credit, with a fresh balance check first), and the result
// with Save and Download. It is the removal screen (components/tools/removal) with the configuration
// in flux-removal-config.ts.
import { useTranslations } from "next-intl";
import { RemovalScreen } from "@/components/tools/removal/removal-screen";
import { FLUX_REMOVAL } from "./flux-removal-config";
import { useFluxCreditCheck } from "./use-flux-credit-check";

export function FluxRemovalScreen() {
  const t = useTranslations("FluxRemoval");
  const checkCredits = useFluxCreditCheck(`/${FLUX_REMOVAL.id}`);
  return <RemovalScreen config={FLUX_REMOVAL} t={t} checkCredits={checkCredits} />;
}
