// The AI providers' clients, as the engine runs them: built from this server's settings when the
// provider's key is set. The web tier knows the same providers by their profiles alone
// (lib/imaging/config.ts), so it never loads a client.
import "server-only";
import { env as readEnv } from "@/lib/env";
import type { ImageProvider } from "@/lib/imaging/types";
import { createFluxProvider } from "./providers/flux";
import { createOpenAIProvider } from "./providers/openai";

/** A network provider's client when its key is set, or null (unknown ids and "local" included). */
export function remoteProvider(id: string): ImageProvider | null {
  const env = readEnv();
  if (id === "flux") {
    if (!env.BFL_API_KEY) return null;
    return createFluxProvider({
      apiKey: env.BFL_API_KEY,
      baseURL: env.BFL_BASE_URL,
      generateModel: env.BFL_GENERATE_MODEL,
      editModel: env.BFL_EDIT_MODEL,
      fillModel: env.BFL_FILL_MODEL,
      expandModel: env.BFL_EXPAND_MODEL,
      pollIntervalMs: env.BFL_POLL_INTERVAL_MS,
      pollTimeoutMs: env.BFL_POLL_TIMEOUT_MS,
      maxRetries: env.IMAGE_PROVIDER_MAX_RETRIES,
    });
  }
  if (id !== "openai" || !env.OPENAI_API_KEY) return null;
  return createOpenAIProvider({
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    model: env.OPENAI_IMAGE_MODEL,
    maxRetries: env.IMAGE_PROVIDER_MAX_RETRIES,
    timeoutMs: env.OPENAI_TIMEOUT_MS,
  });
}
