// Which provider does each operation. The local engine is the default for everything; a provider key
// (BFL_API_KEY for Flux, OPENAI_API_KEY for OpenAI) switches the operations that provider can do,
// and IMAGE_PROVIDER / IMAGE_PROVIDER_<OPERATION> choose explicitly. Read at call time.
// The web tier chooses and records; only workers run the work. It knows every provider by its
// profile (lib/imaging/provider-profiles.ts), so a route's bundle carries no provider client and no
// local engine: the engine side (lib/imaging/engine) builds and runs them.
import "server-only";
import { env as readEnv, type Env } from "@/lib/env";
import { BadRequestError } from "@/lib/errors";
import { TOOLS } from "@/lib/tools/registry";
import { providerSettingsOf } from "@/lib/tools/server-facts";
import { LOCAL_PROFILE } from "./local-profile";
import type { FluxProviderOptions } from "./engine/providers/flux";
import type { OpenAIProviderOptions } from "./engine/providers/openai";
import { fluxProfile, openAIProfile } from "./provider-profiles";
import type { EngineOperation, ProviderProfile } from "./types";

export type ProviderId = "local" | "flux" | "openai";

/** The variable naming each operation's provider, from the tool registry (lib/env reads each); the cutout tools run only on the local engine. */
const OPERATION_ENV = providerSettingsOf() as Partial<Record<EngineOperation, keyof Env>>;

/** Every operation a provider may be chosen for, in the registry's order. */
const ENGINE_OPERATIONS = [...new Set(TOOLS.flatMap((tool) => (tool.engine ? [tool.engine as EngineOperation] : [])))];

/**
 * A network provider's settings when its key is set, or null (unknown ids and "local" included): what
 * the web tier makes its profile from, and the engine its client (lib/imaging/engine/clients.ts).
 */
export function remoteSettings(id: string): { id: "flux"; options: FluxProviderOptions } | { id: "openai"; options: OpenAIProviderOptions } | null {
  const env = readEnv();
  if (id === "flux") {
    if (!env.BFL_API_KEY) return null;
    return {
      id,
      options: {
        apiKey: env.BFL_API_KEY,
        baseURL: env.BFL_BASE_URL,
        generateModel: env.BFL_GENERATE_MODEL,
        editModel: env.BFL_EDIT_MODEL,
        fillModel: env.BFL_FILL_MODEL,
        expandModel: env.BFL_EXPAND_MODEL,
        pollIntervalMs: env.BFL_POLL_INTERVAL_MS,
        pollTimeoutMs: env.BFL_POLL_TIMEOUT_MS,
        safetyTolerance: env.BFL_SAFETY_TOLERANCE,
        maxRetries: env.IMAGE_PROVIDER_MAX_RETRIES,
      },
    };
  }
  if (id !== "openai" || !env.OPENAI_API_KEY) return null;
  return {
    id,
    options: {
      apiKey: env.OPENAI_API_KEY,
      baseURL: env.OPENAI_BASE_URL,
      model: env.OPENAI_IMAGE_MODEL,
      maxRetries: env.IMAGE_PROVIDER_MAX_RETRIES,
      timeoutMs: env.OPENAI_TIMEOUT_MS,
    },
  };
}

/** A network provider whose key is set, as the web tier knows it (its profile), or null. */
export function remoteProfile(id: string): ProviderProfile | null {
  const remote = remoteSettings(id);
  if (!remote) return null;
  return remote.id === "flux" ? fluxProfile(remote.options) : openAIProfile(remote.options.model);
}

/** The provider an operation was recorded with, as this server has it; throws when it has not. */
export function providerProfileById(id: string): ProviderProfile {
  const provider = id === "local" ? LOCAL_PROFILE : remoteProfile(id);
  if (!provider) throw new Error(`The ${id} image provider is not configured on this server`);
  return provider;
}

/** The provider for an operation: the one named for it, else the default, else a keyed one that can, else local. */
export function providerFor(operation: EngineOperation): ProviderProfile {
  const env = readEnv();
  const variable = OPERATION_ENV[operation];
  const named = ((variable ? env[variable] : undefined) as ProviderId | undefined) ?? env.IMAGE_PROVIDER;
  const candidates: ProviderId[] = named ? [named] : ["flux", "openai"];
  for (const id of candidates) {
    // The local engine does every operation.
    if (id === "local") return LOCAL_PROFILE;
    // A provider can do the operations it has a model for.
    const provider = remoteProfile(id);
    if (provider?.models[operation]) return provider;
  }
  return LOCAL_PROFILE;
}

/**
 * The provider for generative fill ("Replace with…"): the one chosen for object removal when it is an
 * AI provider, else any whose key is set. The local engine copies texture but cannot draw something
 * described, so without a key this is refused before any charge.
 */
export function generativeFillProvider(): ProviderProfile {
  const chosen = providerFor("removeObject");
  if (chosen.id !== "local") return chosen;
  const keyed = (["flux", "openai"] as const).map(remoteProfile).find((provider) => provider?.models.removeObject);
  if (!keyed) {
    throw new BadRequestError(
      "Replacing an area with something you describe needs an AI provider (Flux or OpenAI), and none is set up here. Remove still works without one.",
      "fill_needs_provider",
    );
  }
  return keyed;
}

/** Which provider would draw a "Replace with…" fill, or "none" when no AI provider is set up. */
function generativeFillSummary(): string {
  try {
    return generativeFillProvider().id;
  } catch (error) {
    if (error instanceof BadRequestError) return "none";
    throw error;
  }
}

/**
 * For the screens: which provider does what, so the UI can say when results are the offline engine's,
 * and whether "Replace with…" can run at all (`generativeFill`: a provider's id, or "none").
 */
export function engineSummary(): Record<EngineOperation | "generativeFill", string> {
  const summary = Object.fromEntries(ENGINE_OPERATIONS.map((operation) => [operation, providerFor(operation).id])) as Record<EngineOperation, string>;
  return { ...summary, generativeFill: generativeFillSummary() };
}
