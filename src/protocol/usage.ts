/** Token usage as the Messages API reports it. */
export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/** Usage fields as they arrive on the wire: any may be missing or null. */
export interface WireUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
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
  return {
    input_tokens: wire?.input_tokens ?? 0,
    output_tokens: wire?.output_tokens ?? 0,
    cache_creation_input_tokens: wire?.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: wire?.cache_read_input_tokens ?? 0,
  };
}

/**
 * Applies a message_delta's usage to the usage seen so far. The counts are cumulative,
 * not increments: input and cache fields overwrite only when positive, output always.
 */
export function mergeDeltaUsage(current: Usage, delta: WireUsage | undefined | null): Usage {
  if (!delta) return current;
  const pick = (value: number | null | undefined, previous: number) =>
    value !== undefined && value !== null && value > 0 ? value : previous;
  return {
    input_tokens: pick(delta.input_tokens, current.input_tokens),
    output_tokens: delta.output_tokens ?? current.output_tokens,
    cache_creation_input_tokens: pick(
      delta.cache_creation_input_tokens,
      current.cache_creation_input_tokens,
    ),
    cache_read_input_tokens: pick(delta.cache_read_input_tokens, current.cache_read_input_tokens),
  };
}

/** The sum of two usages (for totals across requests). */
export function addUsage(a: Usage, b: Usage): Usage {
  return {
    input_tokens: a.input_tokens + b.input_tokens,
    output_tokens: a.output_tokens + b.output_tokens,
    cache_creation_input_tokens: a.cache_creation_input_tokens + b.cache_creation_input_tokens,
    cache_read_input_tokens: a.cache_read_input_tokens + b.cache_read_input_tokens,
  };
}
