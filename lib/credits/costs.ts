// What each chargeable operation costs, in credits (spec §9). The one table: the server charges from
// it and the client only reads it to explain a price, never to send one.
export const CREDIT_COSTS = {
  generate: 2,
  edit: 3,
  background_removal: 1,
  object_removal: 1,
  cartoon_style: 3,
  upscale: 2,
} as const;

export type ChargeableOperation = keyof typeof CREDIT_COSTS;

export function creditCost(operation: ChargeableOperation): number {
  return CREDIT_COSTS[operation];
}

/** What a balance allows, as the credit status call reports it. */
export function creditAbilities(credits: number): { canGenerate: boolean; canEdit: boolean } {
  return { canGenerate: credits >= CREDIT_COSTS.generate, canEdit: credits >= CREDIT_COSTS.edit };
}
