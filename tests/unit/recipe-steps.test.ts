import { recipeSteps } from "@/components/imaging/recipe-steps";
import type { Recipe } from "@/lib/validation/operations";

const step = (operationId: string, kind: string, parents: (Recipe | null)[] = []): Recipe => ({
  operationId,
  kind,
  status: "succeeded",
  provider: "local",
  model: null,
  seed: null,
  prompt: null,
  parameters: {},
  repeatOf: null,
  cost: 0,
  createdAt: "2026-11-23T00:00:00.000Z",
  inputs: parents.map((parent, position) => ({ position, sha256: "0".repeat(64), available: true, parentOperationId: parent?.operationId ?? null, parent })),
});

describe("a recipe's steps", () => {
  it("lists every earlier result before the step that used it, once each", () => {
    const generated = step("g", "generate");
    const edited = step("e", "edit", [generated]);
    // An object removal whose image and mask both came from earlier work, one of them twice over.
    const removal = step("r", "object_removal", [edited, generated]);
    expect(recipeSteps(removal).map((each) => each.operationId)).toEqual(["g", "e", "r"]);
  });

  it("is the operation alone when its inputs were uploads", () => {
    expect(recipeSteps(step("c", "cartoon_style", [null])).map((each) => each.operationId)).toEqual(["c"]);
  });
});
