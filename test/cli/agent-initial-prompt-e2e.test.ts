import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-initial-prompt-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const AGENTS = JSON.stringify({
  lead: { description: "Leads.", prompt: "You lead.", initialPrompt: "Read NOTES.md first." },
});

/** The user messages' texts of a recorded request, in order. */
function userTexts(body: unknown): string[] {
  const messages = (body as { messages: Array<{ role: string; content: unknown }> }).messages;
  return messages
    .filter((m) => m.role === "user")
    .map((m) =>
      typeof m.content === "string"
        ? m.content
        : (m.content as Array<{ type: string; text?: string }>)
            .map((b) => (b.type === "text" ? (b.text ?? "") : ""))
            .join("\n"),
    );
}

const streamUser = (text: string) =>
  JSON.stringify({
    type: "user",
    message: { role: "user", content: text },
    parent_tool_use_id: null,
  });

describe("a main-thread agent's initialPrompt outside the REPL", () => {
  it("keel -p sends it before the prompt given, in the first request", async () => {
    const server = await scriptedServer({ turns: [{ content: "Read them." }] });
    const run = await runKeel(["-p", "fix it", "--agents", AGENTS, "--agent", "lead"], {
      cwd: dir,
      env: anthropicEnv(server),
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(userTexts(server.requests[0]?.body).join("\n")).toContain(
      "Read NOTES.md first.\n\nfix it",
    );
    expect(server.violations).toEqual([]);
  });

  it("stream-json sends it before the first message read from stdin only", async () => {
    const server = await scriptedServer({ turns: [{ content: "one" }, { content: "two" }] });
    const run = await runKeel(
      [
        "--input-format",
        "stream-json",
        "--output-format",
        "stream-json",
        "--verbose",
        "--agents",
        AGENTS,
        "--agent",
        "lead",
      ],
      {
        cwd: dir,
        env: anthropicEnv(server),
        stdin: `${streamUser("first")}\n${streamUser("second")}\n`,
      },
    );
    expect(run.code).toBe(0);
    const texts = userTexts(server.requests[1]?.body).join("\n");
    expect(texts).toContain("Read NOTES.md first.\n\nfirst");
    expect(texts.split("Read NOTES.md first.")).toHaveLength(2);
    expect(texts).toContain("second");
    expect(server.violations).toEqual([]);
  });
});
