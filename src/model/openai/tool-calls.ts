import type { ToolCallFragment } from "./chunk-schema.js";

/** One streamed tool call, as far as its fragments have told it. */
export interface ToolCallState {
  /** Position among the response's calls (0, 1, …). */
  ordinal: number;
  index: number | undefined;
  id: string | undefined;
  name: string | undefined;
  /** Argument text received before the call could open its block (no name yet). */
  buffered: string;
  /** pending: no block yet; open: the current block; closed: its block has stopped. */
  state: "pending" | "open" | "closed";
}

/**
 * Decides which call each tool-call fragment belongs to. Fragments merge by `index`; a fragment
 * with an `id` not seen before starts a new call even when its `index` repeats, because some
 * servers leave `index` out (Ollama) or send every call as `index: 0` (proxies in front of vLLM).
 * A fragment without `index` or `id` continues the latest call.
 */
export class ToolCallRouter {
  readonly calls: ToolCallState[] = [];

  /** The call a fragment belongs to, created when the fragment starts one. */
  route(fragment: ToolCallFragment): ToolCallState {
    const index = fragment.index ?? undefined;
    const id = fragment.id || undefined;
    if (id !== undefined) {
      const known = this.calls.find((call) => call.id === id);
      if (known) return known;
      const latest = this.latest(index);
      // A call whose first fragment carried no id takes the first id that arrives for it.
      if (latest && latest.id === undefined && latest.state !== "closed") {
        latest.id = id;
        return latest;
      }
      return this.add(index, id);
    }
    return this.latest(index) ?? this.add(index, undefined);
  }

  /** Calls that never got a function name. */
  unnamed(): ToolCallState[] {
    return this.calls.filter((call) => call.name === undefined);
  }

  private latest(index: number | undefined): ToolCallState | undefined {
    if (index === undefined) return this.calls.at(-1);
    return this.calls.findLast((call) => call.index === index);
  }

  private add(index: number | undefined, id: string | undefined): ToolCallState {
    const call: ToolCallState = {
      ordinal: this.calls.length,
      index,
      id,
      name: undefined,
      buffered: "",
      state: "pending",
    };
    this.calls.push(call);
    return call;
  }
}

/** A fragment's argument text: servers that send an object (not a JSON string) get it encoded. */
export function argumentsText(value: string | Record<string, unknown> | null | undefined): string {
  if (value === null || value === undefined) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}
