import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Options, Query, SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { sessionTranscriptPath } from "../../src/session/transcript/paths.js";
import { keelOptions, loadAgentSdk, type SdkSandbox, userMessage } from "./sdk-harness.js";

/** What a test does between two turns: it acts on the running query. */
export type BetweenTurns = (q: Query, sessionId: string) => Promise<void>;

/**
 * Runs one prompt after another against keel; after each one's result, `between[i]` acts on the
 * running query with the session's id (the query's requests are answered only while it is
 * read). Returns every message.
 */
export async function driveTurns(
  box: SdkSandbox,
  serverUrl: string,
  prompts: readonly string[],
  between: readonly BetweenTurns[],
  extra: Options = {},
): Promise<SDKMessage[]> {
  const { query } = await loadAgentSdk();
  const next: Array<() => void> = [];
  async function* input() {
    for (const [i, prompt] of prompts.entries()) {
      yield userMessage(prompt);
      await new Promise<void>((resolve) => {
        next[i] = resolve;
      });
    }
  }
  const q = query({ prompt: input(), options: keelOptions(box, serverUrl, extra) });
  const messages: SDKMessage[] = [];
  let results = 0;
  try {
    for await (const message of q) {
      messages.push(message);
      if (message.type !== "result") continue;
      await between[results]?.(q, message.session_id);
      next[results]?.();
      results += 1;
      if (results === prompts.length) break;
    }
  } finally {
    q.close();
  }
  return messages;
}

/** The uuid keel gave a prompt (its transcript's user message with that text). */
export async function promptUuid(
  box: SdkSandbox,
  sessionId: string,
  text: string,
): Promise<string> {
  const transcript = sessionTranscriptPath(join(box.home, ".keel"), box.cwd, sessionId);
  for (const line of (await readFile(transcript, "utf8")).split("\n")) {
    if (line.trim() === "") continue;
    const record = JSON.parse(line) as { type?: string; uuid?: string; message?: unknown };
    if (record.type === "user" && JSON.stringify(record.message).includes(text)) {
      return record.uuid ?? "";
    }
  }
  throw new Error(`no prompt "${text}" in the transcript`);
}

/** A turn that reads and edits `notes`, and writes `made` anew. */
export function editNotesAndMake(notes: string, made: string) {
  return {
    turns: [
      { content: [{ type: "tool_use", name: "Read", input: { file_path: notes } }] },
      {
        content: [
          {
            type: "tool_use",
            name: "Edit",
            input: { file_path: notes, old_string: "line two", new_string: "line 2" },
          },
          { type: "tool_use", name: "Write", input: { file_path: made, content: "new\n" } },
        ],
      },
      { content: "Changed." },
    ],
  };
}
