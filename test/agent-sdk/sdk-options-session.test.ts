import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Options, SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { sessionTranscriptPath } from "../../src/session/transcript/paths.js";
import { scriptedServer } from "../helpers/scripted.js";
import { collect, keelOptions, loadAgentSdk, resultsOf, useSdkSandbox } from "./sdk-harness.js";

/**
 * The Agent SDK's session options against keel, as one story: a titled session, `continue`,
 * a fork at an earlier message (`resume` + `forkSession` + `resumeSessionAt`), and a resume
 * that drops a turn without writing anything (`resumeDropsTurn`, `persistSession: false`).
 */
const sandbox = useSdkSandbox();

const FIRST = "5b0c1a52-8a0e-4d55-9a57-0c7b1e0d2f11";

async function turn(prompt: string, answer: string, extra: Options) {
  const { query } = await loadAgentSdk();
  const server = await scriptedServer({ turnMode: "count", turns: [{ content: answer }] });
  const run = await collect(query({ prompt, options: keelOptions(sandbox(), server.url, extra) }));
  expect(run.error).toBeUndefined();
  return { messages: run.messages, sent: JSON.stringify(server.requests[0]?.body) };
}

function sessionOf(messages: readonly SDKMessage[]): string | undefined {
  return resultsOf(messages)[0]?.session_id;
}

function assistantUuid(messages: readonly SDKMessage[]): string {
  const uuid = messages.find((m) => m.type === "assistant")?.uuid;
  if (!uuid) throw new Error("no assistant message");
  return uuid;
}

/** The uuid of the transcript's user message that holds `text`. */
function promptUuid(transcript: string, text: string): string {
  for (const line of transcript.split("\n")) {
    if (!line.includes(text)) continue;
    const entry = JSON.parse(line) as { type?: string; uuid?: string };
    if (entry.type === "user" && entry.uuid) return entry.uuid;
  }
  throw new Error(`no user entry with ${text}`);
}

describe("the Agent SDK's session options against keel", () => {
  it("title, continue, forkSession + resumeSessionAt, resumeDropsTurn + persistSession: false", async () => {
    const box = sandbox();
    const transcript = sessionTranscriptPath(join(box.home, ".keel"), box.cwd, FIRST);

    // title: the new session is named by it.
    const one = await turn("first question", "First answer.", {
      sessionId: FIRST,
      title: "Release checklist",
    });
    expect(sessionOf(one.messages)).toBe(FIRST);
    expect(await readFile(transcript, "utf8")).toContain("Release checklist");

    // continue: the folder's latest session goes on, its first exchange sent again.
    const two = await turn("second question", "Second answer.", { continue: true });
    expect(sessionOf(two.messages)).toBe(FIRST);
    expect(two.sent).toContain("first question");

    // forkSession + resumeSessionAt: a new session from the first answer, without the second.
    const three = await turn("third question", "Third answer.", {
      resume: FIRST,
      forkSession: true,
      resumeSessionAt: assistantUuid(one.messages),
    });
    expect(sessionOf(three.messages)).not.toBe(FIRST);
    expect(three.sent).toContain("First answer.");
    expect(three.sent).not.toContain("second question");

    // resumeDropsTurn: the second turn is left out; persistSession false: nothing is written.
    const before = await readFile(transcript, "utf8");
    const four = await turn("fourth question", "Fourth answer.", {
      resume: FIRST,
      resumeDropsTurn: promptUuid(before, "second question"),
      persistSession: false,
    });
    expect(four.sent).toContain("first question");
    expect(four.sent).not.toContain("second question");
    expect(await readFile(transcript, "utf8")).toBe(before);
    const fork = sessionTranscriptPath(
      join(box.home, ".keel"),
      box.cwd,
      sessionOf(three.messages)!,
    );
    expect(existsSync(fork)).toBe(true);
  });
});
