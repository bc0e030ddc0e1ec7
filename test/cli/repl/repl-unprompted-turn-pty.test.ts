import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { usePtyRepl } from "./pty-repl.js";

const pty = usePtyRepl("keel-repl-unprompted");

beforeEach(async () => {
  await mkdir(join(pty.dir, ".claude", "agents"), { recursive: true });
  await writeFile(
    join(pty.dir, ".claude", "agents", "reviewer.md"),
    "---\nname: reviewer\ndescription: Reviews code.\ntools: Bash\n---\nYou are the reviewer.\n",
  );
});

/** The reviewer ends only once the main thread's answer is in the transcript (bounded wait). */
const AFTER_MAIN_ANSWER =
  'i=0; until grep -qs "Launched the reviewer" "$KEEL_CONFIG_DIR"/projects/*/*.jsonl || [ $i -ge 1500 ]; do sleep 0.02; i=$((i+1)); done';

describe("the REPL shows a turn nobody typed (80x24, scripted model, validator on)", {
  timeout: 30_000,
}, () => {
  it("runs a background agent's end as a turn of its own once the session is idle", async () => {
    const { server, screen: repl } = await pty.start(
      {
        turns: [
          {
            content: [
              {
                type: "tool_use",
                name: "Agent",
                input: {
                  description: "Review in the background",
                  prompt: "Review it.",
                  subagent_type: "reviewer",
                  run_in_background: true,
                },
              },
            ],
          },
          { content: "Launched the reviewer." },
          { content: "The reviewer found a typo." },
        ],
        agents: {
          reviewer: {
            turns: [
              {
                content: [
                  { type: "tool_use", name: "Bash", input: { command: AFTER_MAIN_ANSWER } },
                ],
              },
              { content: "Reviewer: one typo." },
            ],
          },
        },
      },
      ["--allowedTools", "Bash"],
      undefined,
      { cols: 80, rows: 24 },
    );
    repl.write("review it in the background");
    await repl.waitFor((s) => s.includes("review it in the background"), "the prompt typed");
    repl.write("\r");
    await repl.waitFor((s) => s.includes("Launched the reviewer."), "the first answer");
    await repl.waitFor(
      (s) => s.includes("The reviewer found a typo."),
      "the answer of the turn the agent's end started",
    );
    const screen = repl.scrollback().join("\n");
    expect(screen).toMatch(/Background task a[0-9a-z]+ \(Review in the background\) completed/);
    expect(screen.indexOf("Launched the reviewer.")).toBeLessThan(
      screen.indexOf("The reviewer found a typo."),
    );
    expect(screen.match(/Background task a[0-9a-z]+ \(Review/g)).toHaveLength(1);
    expect(server.violations).toEqual([]);
    const main = server.requests.filter((r) => r.agent === "main");
    expect(main).toHaveLength(3);
    expect(JSON.stringify(main[2]?.body)).toContain("<task-notification>");
  });
});
