// Answer shapes of the public calls that have no zod schema of their own elsewhere, for the OpenAPI
// document. Each is pinned to the TypeScript type the code answers with (see the checks at the end),
// so the document cannot drift from what the calls really send.
import { z } from "zod";
import type { OperationResource } from "@/lib/jobs/resource";
import type { GenerateResult } from "@/lib/validation/imaging";
import type { OperationView, Recipe } from "@/lib/validation/operations";

export const errorSchema = z
  .object({
    error: z.string().describe("A stable code, e.g. invalid_request, insufficient_credits, invalid_api_key."),
    message: z.string().describe("What went wrong, for a person."),
  })
  .meta({ id: "Error" });

const statusSchema = z.enum(["queued", "running", "succeeded", "failed", "canceled"]);

export const operationViewSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: statusSchema,
  progress: z.number().int().min(0).max(100),
  stage: z.string().nullable(),
  queuePosition: z.number().int().nullable(),
  result: z.object({ sample: z.string().describe("Our own URL of the result; download it with your key.") }).nullable(),
  source: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  contentType: z.string().nullable(),
  error: z.object({ status: z.number().int(), code: z.string(), message: z.string() }).nullable(),
});

const recipeInputSchema: z.ZodType<Recipe["inputs"][number]> = z.lazy(() =>
  z.object({
    position: z.number().int(),
    sha256: z.string(),
    available: z.boolean(),
    parentOperationId: z.string().nullable(),
    parent: recipeSchema.nullable(),
  }),
);

export const recipeSchema: z.ZodType<Recipe> = z
  .object({
    operationId: z.string(),
    kind: z.string(),
    status: statusSchema,
    provider: z.string(),
    model: z.string().nullable(),
    seed: z.number().int().nullable(),
    prompt: z.string().nullable(),
    parameters: z.record(z.string(), z.unknown()),
    get inputs() {
      return z.array(recipeInputSchema);
    },
    repeatOf: z.string().nullable(),
    cost: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: "Recipe" });

export const operationResourceSchema = operationViewSchema.extend({ recipe: recipeSchema }).meta({ id: "Operation" });

export const acceptedSchema = z
  .object({ operationId: z.string(), operationIds: z.array(z.string()).optional().describe("Every variant's operation, when several were asked for.") })
  .meta({ id: "Accepted" });

const variantSchema = z.object({ sample: z.string(), operationId: z.string(), width: z.number().int(), height: z.number().int() });

export const generateResultSchema = z
  .object({
    result: z.object({ sample: z.string() }),
    operationId: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    results: z.array(variantSchema),
    operationIds: z.array(z.string()),
    failed: z.array(z.object({ operationId: z.string(), status: z.number().int(), code: z.string(), message: z.string() })),
  })
  .meta({ id: "GenerateResult" });

export const balanceSchema = z.object({ credits: z.number().int() }).meta({ id: "Balance" });
export const deletedSchema = z.object({ deleted: z.literal(true) });
export const revokedSchema = z.object({ revoked: z.literal(true) });

// Compile-time checks: each schema's shape is exactly the type the code answers with.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const pinned: [
  Same<z.infer<typeof operationViewSchema>, OperationView>,
  Same<z.infer<typeof operationResourceSchema>, OperationResource>,
  Same<z.infer<typeof generateResultSchema>, GenerateResult>,
] = [true, true, true];
void pinned;
