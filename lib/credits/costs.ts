// What each chargeable operation costs, in credits (spec §9), as the tool registry (lib/tools) sets
// it. The server charges from it and the client only reads it to explain a price, never to send one.
import type { OperationKind } from "@/lib/generated/prisma/client";
import { creditCostsOf, operationChargesOf } from "@/lib/tools/derive";
import type { ChargeableKind } from "@/lib/tools/registry";

export type ChargeableOperation = ChargeableKind;

export const CREDIT_COSTS = creditCostsOf() as Readonly<Record<ChargeableOperation, number>>;

/** What each kind of operation is charged as, the first time and when made again; null is free. */
export const OPERATION_CHARGES = operationChargesOf() as Readonly<Record<OperationKind, ChargeableOperation | null>>;

export function creditCost(operation: ChargeableOperation): number {
  return CREDIT_COSTS[operation];
}

/** What a balance allows, as the credit status call reports it. */
export function creditAbilities(credits: number): { canGenerate: boolean; canEdit: boolean } {
  return { canGenerate: credits >= CREDIT_COSTS.generate, canEdit: credits >= CREDIT_COSTS.edit };
}
