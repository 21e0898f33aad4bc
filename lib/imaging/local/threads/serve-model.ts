// The thread side of a local model (model-thread.ts starts the thread): it loads the model once and
// posts { ready }, or { loadError } when it cannot; then it answers each request with the request's
// id, or with { id, error } when the model fails on it. A thread file runs as TypeScript straight
// from lib/imaging/local/threads (Node strips its types, or the tsx loader the process was started
// with compiles it), outside any bundle or test sandbox. So a thread imports only Node's modules and
// the files beside it, by their .ts names, uses only syntax that strips away (no enums, no parameter
// properties), and finds its packages from the project folder it is given.
import { parentPort, type TransferListItem } from "node:worker_threads";

export interface ModelRequest {
  id: number;
  [field: string]: unknown;
}

export interface ModelAnswer {
  reply: Record<string, unknown>;
  /** Buffers moved to the host rather than copied. */
  transfer?: TransferListItem[];
}

/** Loads the model, then answers the host's requests with it, one message each. */
export function serveModel<Model>(load: () => Promise<Model>, answer: (model: Model, request: ModelRequest) => Promise<ModelAnswer>): void {
  const port = parentPort;
  if (!port) throw new Error("A model thread runs only as a worker thread");
  load().then(
    (model) => {
      port.on("message", async (request: ModelRequest) => {
        try {
          const { reply, transfer = [] } = await answer(model, request);
          port.postMessage({ id: request.id, ...reply }, transfer);
        } catch (error) {
          port.postMessage({ id: request.id, error: describe(error) });
        }
      });
      port.postMessage({ ready: true });
    },
    (error: unknown) => port.postMessage({ loadError: describe(error) }),
  );
}

function describe(error: unknown): string {
  const message = typeof error === "object" && error !== null && "message" in error ? error.message : undefined;
  return String(message || error);
}
