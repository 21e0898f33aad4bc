// Which provider does each operation. The local engine is the default for everything; a provider key
// (BFL_API_KEY for Flux, OPENAI_API_KEY for OpenAI) switches the operations that provider can do,
// and IMAGE_PROVIDER / IMAGE_PROVIDER_<OPERATION> choose explicitly. Read at call time.
import "server-only";
import { localProvider } from "./local/provider";
import { createFluxProvider } from "./providers/flux";
import { createOpenAIProvider } from "./providers/openai";
import type { EngineOperation, ImageProvider } from "./types";

export type ProviderId = "local" | "flux" | "openai";

const OPERATION_ENV: Record<EngineOperation, string> = {
  generate: "IMAGE_PROVIDER_GENERATE",
  edit: "IMAGE_PROVIDER_EDIT",
  removeBackground: "IMAGE_PROVIDER_BACKGROUND",
  removeObject: "IMAGE_PROVIDER_OBJECT_REMOVAL",
  cartoonize: "IMAGE_PROVIDER_CARTOON",
  convert: "IMAGE_PROVIDER_CONVERT",
};

const number = (value: string | undefined) => (value ? Number(value) : undefined);

function configuredProvider(id: ProviderId): ImageProvider | null {
  const env = process.env;
  if (id === "local") return localProvider;
  if (id === "flux") {
    if (!env.BFL_API_KEY) return null;
    return createFluxProvider({
      apiKey: env.BFL_API_KEY,
      baseURL: env.BFL_BASE_URL || undefined,
      generateModel: env.BFL_GENERATE_MODEL || undefined,
      editModel: env.BFL_EDIT_MODEL || undefined,
      fillModel: env.BFL_FILL_MODEL || undefined,
      pollIntervalMs: number(env.BFL_POLL_INTERVAL_MS),
      pollTimeoutMs: number(env.BFL_POLL_TIMEOUT_MS),
      maxRetries: number(env.IMAGE_PROVIDER_MAX_RETRIES) ?? 1,
    });
  }
  if (!env.OPENAI_API_KEY) return null;
  return createOpenAIProvider({
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL || undefined,
    model: env.OPENAI_IMAGE_MODEL || undefined,
    maxRetries: number(env.IMAGE_PROVIDER_MAX_RETRIES) ?? 1,
    timeoutMs: number(env.OPENAI_TIMEOUT_MS),
  });
}

function asProviderId(value: string | undefined): ProviderId | null {
  return value === "local" || value === "flux" || value === "openai" ? value : null;
}

/** The provider an operation was recorded with, for the worker that runs it. */
export function providerById(id: string): ImageProvider {
  const provider = asProviderId(id) && configuredProvider(id as ProviderId);
  if (!provider) throw new Error(`The ${id} image provider is not configured on this worker`);
  return provider;
}

/** The provider for an operation: the one named for it, else the default, else a keyed one that can, else local. */
export function providerFor(operation: EngineOperation): ImageProvider {
  const named = asProviderId(process.env[OPERATION_ENV[operation]]) ?? asProviderId(process.env.IMAGE_PROVIDER);
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
