import {
  DEFAULT_CONTEXT_WINDOW,
  findModel,
  UNKNOWN_MODEL_MAX_OUTPUT_TOKENS,
} from "../model/catalog.js";
import { costOf } from "../model/cost.js";
import { addUsage, emptyUsage, type Usage, webSearchesOf } from "../protocol/usage.js";
import type { SdkModelUsage } from "./sdk-messages.js";

/** Usage, cost and API time across the requests of a session, per model. */
export class UsageTracker {
  private total: Usage = emptyUsage();
  private readonly perModel = new Map<string, SdkModelUsage>();
  private apiMs = 0;

  /** Records one finished request. */
  add(model: string, usage: Usage, apiDurationMs: number): void {
    this.total = addUsage(this.total, usage);
    this.apiMs += apiDurationMs;
    const cost = costOf(model, usage);
    const info = findModel(model);
    const entry = this.perModel.get(model) ?? {
      inputTokens: 0,
      outputTokens: 0,
      cacheReadInputTokens: 0,
      cacheCreationInputTokens: 0,
      webSearchRequests: 0,
      costUSD: 0,
      contextWindow: info?.contextWindow ?? DEFAULT_CONTEXT_WINDOW,
      maxOutputTokens: info?.maxOutputTokens ?? UNKNOWN_MODEL_MAX_OUTPUT_TOKENS,
      ...(cost.known ? {} : { costUnknown: true }),
    };
    entry.inputTokens += usage.input_tokens;
    entry.outputTokens += usage.output_tokens;
    entry.cacheReadInputTokens += usage.cache_read_input_tokens;
    entry.cacheCreationInputTokens += usage.cache_creation_input_tokens;
    entry.webSearchRequests += webSearchesOf(usage);
    entry.costUSD += cost.usd;
    this.perModel.set(model, entry);
  }

  /** Time spent waiting on the API (the result's duration_api_ms). */
  addApiTime(ms: number): void {
    this.apiMs += ms;
  }

  get usage(): Usage {
    return { ...this.total };
  }

  get apiDurationMs(): number {
    return this.apiMs;
  }

  /** Total cost in USD; models of unknown cost count as 0 (flagged in modelUsage). */
  get totalCostUsd(): number {
    let sum = 0;
    for (const entry of this.perModel.values()) sum += entry.costUSD;
    return sum;
  }

  /** Per-model usage for the result message. */
  modelUsage(): Record<string, SdkModelUsage> {
    return Object.fromEntries([...this.perModel].map(([model, u]) => [model, { ...u }]));
  }
}
