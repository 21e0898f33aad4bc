// What each chargeable operation costs, in credits (spec §9). The one table: the server charges from
// it and the client only reads it to explain a price, never to send one.
import type { OperationKind } from "@/lib/generated/prisma/client";

export const CREDIT_COSTS = {
  generate: 2,
  edit: 3,
  background_removal: 1,
  object_removal: 1,
  cartoon_style: 3,
  upscale: 2,
  expand: 2,
  blur_background: 1,
  product_photo: 1,
} as const;

export type ChargeableOperation = keyof typeof CREDIT_COSTS;

/** What each kind of operation is charged as, the first time and when made again; null is free. */
export const OPERATION_CHARGES: Readonly<Record<OperationKind, ChargeableOperation | null>> = {
  generate: "generate",
  edit: "edit",
  background_removal: "background_removal",
  object_removal: "object_removal",
  cartoon_style: "cartoon_style",
  convert: null,
  upscale: "upscale",
  segment: null,
  expand: "expand",
  blur_background: "blur_background",
  product_photo: "product_photo",
};

export function creditCost(operation: ChargeableOperation): number {
  return CREDIT_COSTS[operation];
}

/** What a balance allows, as the credit status call reports it. */
export function creditAbilities(credits: number): { canGenerate: boolean; canEdit: boolean } {
  return { canGenerate: credits >= CREDIT_COSTS.generate, canEdit: credits >= CREDIT_COSTS.edit };
}
