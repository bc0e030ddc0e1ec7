import type { Group } from "./args.js";

/** What every group gets: the CLI to measure and how many runs each figure takes. */
export interface GroupContext {
  cli: string;
  runs: number;
}

/** A group's results: a markdown section for results.md and the details for its JSON file. */
export interface GroupResult {
  group: Group;
  markdown: string;
  json: Record<string, unknown>;
}

/** "met" or "MISSED" for a figure against an upper bound. */
export function verdict(value: number, atMost: number): string {
  return value <= atMost ? "met" : "MISSED";
}
