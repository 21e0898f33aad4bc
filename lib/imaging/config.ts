// Which provider does each operation. The local engine is the default for everything; a provider key
// (BFL_API_KEY for Flux, OPENAI_API_KEY for OpenAI) switches the operations that provider can do,
// and IMAGE_PROVIDER / IMAGE_PROVIDER_<OPERATION> choose explicitly. Read at call time.
import "server-only";
import { env as readEnv, type Env } from "@/lib/env";
import { localProvider } from "./local/provider";
import { createFluxProvider } from "./providers/flux";
import { createOpenAIProvider } from "./providers/openai";
import type { EngineOperation, ImageProvider } from "./types";

export type ProviderId = "local" | "flux" | "openai";

const OPERATION_ENV: Record<EngineOperation, keyof Env> = {
  generate: "IMAGE_PROVIDER_GENERATE",
  edit: "IMAGE_PROVIDER_EDIT",
  removeBackground: "IMAGE_PROVIDER_BACKGROUND",
  removeObject: "IMAGE_PROVIDER_OBJECT_REMOVAL",
  cartoonize: "IMAGE_PROVIDER_CARTOON",
  convert: "IMAGE_PROVIDER_CONVERT",
  upscale: "IMAGE_PROVIDER_UPSCALE",
};

function configuredProvider(id: ProviderId): ImageProvider | null {
  const env = readEnv();
  if (id === "local") return localProvider;
  if (id === "flux") {
    if (!env.BFL_API_KEY) return null;
    return createFluxProvider({
      apiKey: env.BFL_API_KEY,
      baseURL: env.BFL_BASE_URL,
      generateModel: env.BFL_GENERATE_MODEL,
      editModel: env.BFL_EDIT_MODEL,
      fillModel: env.BFL_FILL_MODEL,
      pollIntervalMs: env.BFL_POLL_INTERVAL_MS,
      pollTimeoutMs: env.BFL_POLL_TIMEOUT_MS,
      maxRetries: env.IMAGE_PROVIDER_MAX_RETRIES,
    });
  }
  if (!env.OPENAI_API_KEY) return null;
  return createOpenAIProvider({
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    model: env.OPENAI_IMAGE_MODEL,
    maxRetries: env.IMAGE_PROVIDER_MAX_RETRIES,
    timeoutMs: env.OPENAI_TIMEOUT_MS,
  });
}

/** The provider an operation was recorded with, for the worker that runs it. */
export function providerById(id: string): ImageProvider {
  const known = id === "local" || id === "flux" || id === "openai";
  const provider = known ? configuredProvider(id) : null;
  if (!provider) throw new Error(`The ${id} image provider is not configured on this worker`);
  return provider;
}

/** The provider for an operation: the one named for it, else the default, else a keyed one that can, else local. */
export function providerFor(operation: EngineOperation): ImageProvider {
  const env = readEnv();
  const named = (env[OPERATION_ENV[operation]] as ProviderId | undefined) ?? env.IMAGE_PROVIDER;
  const candidates: ProviderId[] = named ? [named] : ["flux", "openai"];
  for (const id of candidates) {
    const provider = configuredProvider(id);
    if (provider?.[operation]) return provider;
  }
  return localProvider;
}

/** For the screens: which provider does what, so the UI can say when results are the offline engine's. */
export function engineSummary(): Record<EngineOperation, string> {
  const operations = Object.keys(OPERATION_ENV) as EngineOperation[];
  return Object.fromEntries(operations.map((operation) => [operation, providerFor(operation).id])) as Record<EngineOperation, string>;
}
