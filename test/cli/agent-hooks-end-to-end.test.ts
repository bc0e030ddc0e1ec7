import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-agent-hooks-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const log = (word: string) => `echo ${word} >> "$CLAUDE_PROJECT_DIR/agent-hooks.log"`;

/** A project agent whose own hooks log its Bash calls and its stop. */
const AUDITOR = `---
name: auditor
description: Audits the folder.
hooks:
  PreToolUse:
    - matcher: Bash
      hooks:
        - type: command
          command: ${JSON.stringify(log("pre"))}
  Stop:
    - hooks:
        - type: command
          command: ${JSON.stringify(log("stop"))}
---
You audit the folder.
`;

const bash = (command: string) => ({
  type: "tool_use",
  name: "Bash",
  input: { command, description: "Run it" },
});

describe("an agent file's hooks (keel -p, a project agent)", () => {
  it("run for that subagent's calls and its stop (as SubagentStop), never for the parent's", async () => {
    await mkdir(join(dir, ".claude", "agents"), { recursive: true });
    await writeFile(join(dir, ".claude", "agents", "auditor.md"), AUDITOR);
    const server = await scriptedServer({
      turns: [
        { content: [bash("echo parent")] },
        {
          content: [
            {
              type: "tool_use",
              name: "Agent",
              input: {
                description: "Audit",
                prompt: "Audit the folder.",
                subagent_type: "auditor",
                run_in_background: false,
              },
            },
          ],
        },
        { content: "Done." },
      ],
      agents: { auditor: { turns: [{ content: [bash("echo sub")] }, { content: "Audited." }] } },
    });
    const run = await runKeel(["-p", "audit", "--allowedTools", "Bash"], {
      cwd: dir,
      env: anthropicEnv(server),
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe("Done.");
    // One Bash call of the subagent's (not the parent's), then its own stop (not the parent's).
    expect(await readFile(join(dir, "agent-hooks.log"), "utf8")).toBe("pre\nstop\n");
    expect(server.violations).toEqual([]);
  });
});
