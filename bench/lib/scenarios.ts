import type { z } from "zod";
import type { scenarioSchema } from "../../src/model/scripted/scenario-schema.js";

/** A scenario as written to a file (fields with defaults may be left out). */
export type ScenarioFile = z.input<typeof scenarioSchema>;

/** Canned answers for every side request keel may send, so none uses up a turn. */
const SIDE: ScenarioFile["side"] = [
  { match: { requestKind: "title" }, content: "bench" },
  { match: { requestKind: "summary" }, content: "ran a command" },
  { match: { requestKind: "compact" }, content: "The user runs a benchmark of repeated commands." },
];

const FINAL = { content: "done" };

/** One turn that only answers: what a one-turn `keel -p` gets. */
export function oneTurnScenario(): ScenarioFile {
  return { name: "bench-one-turn", turns: [{ content: "hello" }], side: SIDE };
}

/**
 * `turns` tool rounds, each one Bash call of `command`, then a final answer. Turns are served
 * in request order (`count`), so compaction rewriting the history does not replay turns. With
 * `deltaDelayMs`, the model takes that long to generate each delta; the events that end the
 * call and the message then come together, as the real API sends them.
 */
export function bashTurnsScenario(turns: number, command: string, deltaDelayMs = 0): ScenarioFile {
  const round = { content: [{ type: "tool_use" as const, name: "Bash", input: { command } }] };
  return {
    name: `bench-bash-${turns}`,
    turnMode: "count",
    deltaDelayMs,
    turns: [...Array.from({ length: turns }, () => round), FINAL],
    side: SIDE,
  };
}

/**
 * One round whose Bash call (`command`) completes first while a long text keeps streaming
 * (`chunkDelayMs` between chunks), or, with `toolLast`, the same text before the call, so the
 * tool can only start when the stream ends (the baseline).
 */
export function overlapScenario(
  command: string,
  textWords: number,
  chunkDelayMs: number,
  toolLast: boolean,
): ScenarioFile {
  const tool = { type: "tool_use" as const, name: "Bash", input: { command } };
  const text = {
    type: "text" as const,
    text: Array.from({ length: textWords }, (_, i) => `word${i}`).join(" "),
  };
  return {
    name: `bench-overlap-${toolLast ? "tool-last" : "tool-first"}`,
    turnMode: "count",
    turns: [{ content: toolLast ? [text, tool] : [tool, text], chunkDelayMs }, FINAL],
    side: SIDE,
  };
}

/** `rounds` rounds each reading `perRound` distinct files in one message, then an answer. */
export function readRoundsScenario(files: readonly string[][]): ScenarioFile {
  const turns = files.map((round) => ({
    content: round.map((file_path) => ({
      type: "tool_use" as const,
      name: "Read",
      input: { file_path },
    })),
  }));
  return { name: "bench-reads", turnMode: "count", turns: [...turns, FINAL], side: SIDE };
}
