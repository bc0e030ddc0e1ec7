/** Token usage as the Messages API reports it. */
export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  /** The API's own tools that ran (billed per use); absent when none did. */
  server_tool_use?: { web_search_requests: number };
}

/** Usage fields as they arrive on the wire: any may be missing or null. */
export interface WireUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  server_tool_use?: { web_search_requests?: number | null } | null;
}

/** Web searches a usage counts (0 when none ran). */
export function webSearchesOf(usage: Usage): number {
  return usage.server_tool_use?.web_search_requests ?? 0;
}

function withSearches(usage: Usage, searches: number): Usage {
  return searches > 0 ? { ...usage, server_tool_use: { web_search_requests: searches } } : usage;
}

/** Zero usage. */
export function emptyUsage(): Usage {
  return {
    input_tokens: 0,
    output_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
}

/** Usage from a wire object, missing fields as zero. */
export function usageFromWire(wire: WireUsage | undefined | null): Usage {
  const usage = {
    input_tokens: wire?.input_tokens ?? 0,
    output_tokens: wire?.output_tokens ?? 0,
    cache_creation_input_tokens: wire?.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: wire?.cache_read_input_tokens ?? 0,
  };
  return withSearches(usage, wire?.server_tool_use?.web_search_requests ?? 0);
}

/**
 * Applies a message_delta's usage to the usage seen so far. The counts are cumulative,
 * not increments: input and cache fields overwrite only when positive, output always.
 */
export function mergeDeltaUsage(current: Usage, delta: WireUsage | undefined | null): Usage {
  if (!delta) return current;
  const pick = (value: number | null | undefined, previous: number) =>
    value !== undefined && value !== null && value > 0 ? value : previous;
  const merged = {
    input_tokens: pick(delta.input_tokens, current.input_tokens),
    output_tokens: delta.output_tokens ?? current.output_tokens,
    cache_creation_input_tokens: pick(
      delta.cache_creation_input_tokens,
      current.cache_creation_input_tokens,
    ),
    cache_read_input_tokens: pick(delta.cache_read_input_tokens, current.cache_read_input_tokens),
  };
  return withSearches(
    merged,
    pick(delta.server_tool_use?.web_search_requests, webSearchesOf(current)),
  );
}

/** The sum of two usages (for totals across requests). */
export function addUsage(a: Usage, b: Usage): Usage {
  const sum = {
    input_tokens: a.input_tokens + b.input_tokens,
    output_tokens: a.output_tokens + b.output_tokens,
    cache_creation_input_tokens: a.cache_creation_input_tokens + b.cache_creation_input_tokens,
    cache_read_input_tokens: a.cache_read_input_tokens + b.cache_read_input_tokens,
  };
  return withSearches(sum, webSearchesOf(a) + webSearchesOf(b));
}
