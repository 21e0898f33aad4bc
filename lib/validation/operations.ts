// What the operation calls answer (GET /api/operations/{id} and its event stream), shared by the
// server that builds it and the browser that follows it.
export type OperationStatusName = "queued" | "running" | "succeeded" | "failed" | "canceled";

export interface OperationView {
  id: string;
  kind: string;
  status: OperationStatusName;
  /** 0–100. */
  progress: number;
  /** What the worker is doing, e.g. "queued", "removing_background", "saving". */
  stage: string | null;
  /** How many operations of the same queue are ahead of this one; null once it is running or over. */
  queuePosition: number | null;
  result: { sample: string } | null;
  /** The first input image, so a page that reloads during the work can show before and after. */
  source: string | null;
  width: number | null;
  height: number | null;
  /** The result's type, e.g. image/png. */
  contentType: string | null;
  error: { status: number; code: string; message: string } | null;
}

export function isTerminalStatus(status: string): boolean {
  return status === "succeeded" || status === "failed" || status === "canceled";
}

/** One input image of a recipe. */
export interface RecipeInput {
  position: number;
  /** Hex SHA-256 of the input's bytes. */
  sha256: string;
  /** Still stored, so the recipe can be made again. */
  available: boolean;
  /** The operation whose result this input was, if it was an earlier result of the same user. */
  parentOperationId: string | null;
  /** That operation's own recipe (absent past the depth the answer goes to). */
  parent: Recipe | null;
}

/** How a result was made: enough to make it again. */
export interface Recipe {
  operationId: string;
  kind: string;
  status: OperationStatusName;
  provider: string;
  model: string | null;
  /** Where the provider takes one; null otherwise. */
  seed: number | null;
  prompt: string | null;
  /** The operation's settings, e.g. aspect ratio and size, style, format and quality. */
  parameters: Record<string, unknown>;
  inputs: RecipeInput[];
  /** The operation this one made again, if any. */
  repeatOf: string | null;
  cost: number;
  createdAt: string;
}
