// A recipe's chain as steps in the order they happened: every earlier result an input came from,
// then the operation itself. Pure, so the order is easy to test.
import { OPERATION_CHARGES, type ChargeableOperation } from "@/lib/credits/costs";
import type { Recipe } from "@/lib/validation/operations";

export function recipeSteps(recipe: Recipe): Recipe[] {
  const steps: Recipe[] = [];
  const visit = (step: Recipe) => {
    for (const input of step.inputs) {
      if (input.parent && !steps.some((seen) => seen.operationId === input.parent!.operationId)) visit(input.parent);
    }
    steps.push(step);
  };
  visit(recipe);
  return steps;
}

/** The price of making a recipe again: what its kind costs now (a conversion is free). */
export const REPEAT_CHARGES: Readonly<Record<string, ChargeableOperation | null>> = OPERATION_CHARGES;
