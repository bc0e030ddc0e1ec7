import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-thinking-replay-")));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Block {
  type: string;
  signature?: string;
  data?: string;
  thinking?: string;
}
interface Body {
  messages: { role: string; content: string | Block[] }[];
}

/** The thinking blocks of every assistant message a request carries, in order. */
function replayedThinking(body: Body): Block[] {
  return body.messages
    .filter((m) => m.role === "assistant" && Array.isArray(m.content))
    .flatMap((m) => (m.content as Block[]).filter((b) => b.type.includes("thinking")));
}

describe("thinking blocks are kept, signed and replayed", () => {
  it("across tool rounds and a resumed session, with no request violations", async () => {
    await writeFile(join(dir, "notes.txt"), "tides\n");
    const server = await scriptedServer({
      turns: [
        {
          content: [
            { type: "thinking", thinking: "Read the notes first.", signature: "sig-one" },
            { type: "redacted_thinking", data: "cmVkYWN0ZWQ=" },
            { type: "tool_use", id: "toolu_1", name: "Read", input: { file_path: "notes.txt" } },
          ],
        },
        {
          content: [
            { type: "thinking", thinking: "They are about tides.", signature: "sig-two" },
            { type: "text", text: "The notes are about tides." },
          ],
        },
        { content: [{ type: "text", text: "Still tides." }] },
      ],
    });
    // One HOME for both runs, so the second finds the first's transcript.
    const env = { ...anthropicEnv(server), HOME: dir, KEEL_CONFIG_DIR: join(dir, ".keel") };
    const first = await runKeel(
      ["-p", "what are the notes about?", "--effort", "high", "--output-format", "json"],
      { cwd: dir, env },
    );
    expect(first.code).toBe(0);
    const sessionId = (JSON.parse(first.stdout) as { session_id: string }).session_id;
    const second = await runKeel(["-p", "and now?", "--resume", sessionId, "--effort", "high"], {
      cwd: dir,
      env,
    });
    expect(second.stderr).toBe("");
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("Still tides.");
    expect(server.violations).toEqual([]);
    expect(server.requests).toHaveLength(3);
    const [, afterTool, resumed] = server.requests.map((r) => replayedThinking(r.body as Body));
    const firstRound = [
      { type: "thinking", thinking: "Read the notes first.", signature: "sig-one" },
      { type: "redacted_thinking", data: "cmVkYWN0ZWQ=" },
    ];
    expect(afterTool).toEqual(firstRound);
    expect(resumed).toEqual([
      ...firstRound,
      { type: "thinking", thinking: "They are about tides.", signature: "sig-two" },
    ]);
    for (const request of server.requests) {
      expect((request.body as { thinking?: unknown }).thinking).toEqual({ type: "adaptive" });
    }
  });
});
