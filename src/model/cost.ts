import { type Usage, webSearchesOf } from "../protocol/usage.js";
import { findModel } from "./catalog.js";

/** The cost of some usage; `known` is false for a model without prices (cost then 0). */
export interface Cost {
  usd: number;
  known: boolean;
}

const CACHE_WRITE_FACTOR = 1.25;
const CACHE_READ_FACTOR = 0.1;
/** Anthropic's server-side web search: $10 per 1,000 searches, on top of the tokens. */
const WEB_SEARCH_USD = 10 / 1000;

/** The list-price cost of a response's usage on a model. */
export function costOf(modelId: string, usage: Usage): Cost {
  const info = findModel(modelId);
  if (!info) return { usd: 0, known: false };
  const { inputPerMTok, outputPerMTok } = info.pricing;
  const usd =
    (usage.input_tokens * inputPerMTok +
      usage.output_tokens * outputPerMTok +
      usage.cache_creation_input_tokens * inputPerMTok * CACHE_WRITE_FACTOR +
      usage.cache_read_input_tokens * inputPerMTok * CACHE_READ_FACTOR) /
      1_000_000 +
    webSearchesOf(usage) * WEB_SEARCH_USD;
  return { usd, known: true };
}
