import { contextTokens } from "../context/tokens.js";
import type { HookEventFields } from "../hooks/hook-input.js";
import { DEFAULT_MODEL, findModel } from "../model/catalog.js";
import type { Message } from "../protocol/messages.js";

/** The prompt cache keel's requests write lives five minutes (keel asks for no 1 h cache). */
const CACHE_TTL_MS = 5 * 60 * 1000;

/** Cache writes cost 1.25× the input price (catalog.ts). */
const CACHE_WRITE_FACTOR = 1.25;

/** A switch as PostModelSwitch hooks see it (PreModelSwitch's sources are a subset). */
export type ModelSwitchChange = HookEventFields["PostModelSwitch"];

/** What a switch is made of; the rest is worked out from the conversation. */
export interface ModelSwitchRequest {
  from: string;
  to: string;
  /** What the person or program asked for (an alias, an id); null for the default. */
  requested: string | null;
  source: ModelSwitchChange["source"];
  messages: readonly Message[];
  now: Date;
}

/** Whether the last response is recent enough for its prompt cache to be warm still. */
function cacheWarm(messages: readonly Message[], now: Date): boolean {
  const last = messages.findLast((m) => m.type === "assistant");
  if (!last) return false;
  const age = now.getTime() - Date.parse(last.timestamp);
  return age >= 0 && age < CACHE_TTL_MS;
}

/**
 * Pre/PostModelSwitch's input for a switch: the context the next request re-sends, whether
 * the cache is warm, and what re-caching it on the new model costs at list price (the
 * default model's price, `pricing: "default"`, for a model keel does not know).
 */
export function modelSwitchChange(request: ModelSwitchRequest): ModelSwitchChange {
  const tokens = contextTokens(request.messages);
  const known = findModel(request.to);
  const price = (known ?? findModel(DEFAULT_MODEL))?.pricing.inputPerMTok ?? 0;
  return {
    from_model: request.from,
    to_model: request.to,
    requested_model: request.requested,
    source: request.source,
    context_tokens: tokens,
    prompt_cache_warm: cacheWarm(request.messages, request.now),
    cache_ttl: "5m",
    estimated_cache_write_usd: (tokens * price * CACHE_WRITE_FACTOR) / 1_000_000,
    pricing: known ? "catalog" : "default",
  };
}
