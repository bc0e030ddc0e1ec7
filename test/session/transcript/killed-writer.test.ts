import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Message } from "../../../src/protocol/messages.js";
import {
  loadConversation,
  openTranscript,
  readTranscript,
  type TranscriptOptions,
} from "../../../src/session/transcript/index.js";
import { counterIds, escapeRegExp, multiTurnConversation, tempDir } from "./conversation.js";

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempDir()));
afterEach(() => cleanup());

/**
 * A separate process that appends the way the writer does (O_APPEND, one writeSync per line),
 * writes one whole line and then only the start of the next, says "ready" and waits to be killed.
 */
const CHILD = `
const fs = require("node:fs");
const fd = fs.openSync(process.env.TRANSCRIPT, "a");
fs.writeSync(fd, process.env.WHOLE_LINE);
fs.writeSync(fd, process.env.PARTIAL_LINE);
process.stdout.write("ready\\n");
setInterval(() => {}, 1000);
`;

async function killMidWrite(path: string, wholeLine: string, partialLine: string): Promise<void> {
  const child = spawn(process.execPath, ["-e", CHILD], {
    env: { TRANSCRIPT: path, WHOLE_LINE: wholeLine, PARTIAL_LINE: partialLine },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = once(child, "exit");
  await once(child.stdout, "data");
  child.kill("SIGKILL");
  const [code, signal] = await exited;
  expect({ code, signal }).toEqual({ code: null, signal: "SIGKILL" });
}

/** A transcript line as the writer forms it (the envelope fields keel reads, then the message). */
function lineOf(message: Message, parentUuid: string): string {
  return `${JSON.stringify({ parentUuid, isSidechain: false, userType: "external", ...message })}\n`;
}

function options(path: string): TranscriptOptions {
  return {
    path,
    sessionId: "s-1",
    cwd: "/p",
    version: "0.1.0",
    onError: (error) => {
      throw error;
    },
  };
}

describe("a writer killed mid-line", () => {
  it("leaves a truncated last line that the reader skips with a warning naming file:line", async () => {
    const path = join(dir, "s-1.jsonl");
    const messages = multiTurnConversation(counterIds());
    const writer = openTranscript(options(path));
    for (const message of messages.slice(0, 3)) writer.append(message);
    writer.close();
    const whole = lineOf(messages[3]!, messages[2]!.uuid);
    const cut = lineOf(messages[4]!, messages[3]!.uuid);

    await killMidWrite(path, whole, cut.slice(0, Math.floor(cut.length / 2)));

    const warnings: string[] = [];
    const entries = await readTranscript(path, { onWarning: (w) => warnings.push(w) });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^${escapeRegExp(path)}:5: `));
    expect(loadConversation(entries)).toEqual(messages.slice(0, 4));
  });

  it("resumes after the cut: the next line starts fresh and chains onto the last whole message", async () => {
    const path = join(dir, "s-1.jsonl");
    const messages = multiTurnConversation(counterIds());
    const writer = openTranscript(options(path));
    for (const message of messages.slice(0, 4)) writer.append(message);
    writer.close();
    const cut = lineOf(messages[4]!, messages[3]!.uuid);
    await killMidWrite(path, "", cut.slice(0, 40));

    const resumed = openTranscript(options(path));
    for (const message of messages.slice(0, 6)) resumed.append(message);
    resumed.close();

    const warnings: string[] = [];
    const entries = await readTranscript(path, { onWarning: (w) => warnings.push(w) });
    expect(warnings.map((w) => w.slice(path.length))).toEqual([
      expect.stringMatching(/^:5: not valid JSON/),
    ]);
    expect(loadConversation(entries)).toEqual(messages.slice(0, 6));
    expect((await readFile(path, "utf8")).endsWith("\n")).toBe(true);
  });
});
