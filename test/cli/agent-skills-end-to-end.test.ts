import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-agent-skills-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SKILL = `---
name: house-style
description: How this project writes prose.
---
Write in British English and never use the Oxford comma.
`;

const WRITER = `---
name: writer
description: Writes prose.
skills: house-style
---
You write prose.
`;

describe("an agent file's skills (keel -p, a project agent)", () => {
  it("are in the subagent's first request, whole, before its task; never in the parent's", async () => {
    await mkdir(join(dir, ".claude", "agents"), { recursive: true });
    await mkdir(join(dir, ".claude", "skills", "house-style"), { recursive: true });
    await writeFile(join(dir, ".claude", "agents", "writer.md"), WRITER);
    await writeFile(join(dir, ".claude", "skills", "house-style", "SKILL.md"), SKILL);
    const server = await scriptedServer({
      turns: [
        {
          content: [
            {
              type: "tool_use",
              name: "Agent",
              input: {
                description: "Write",
                prompt: "Write the intro.",
                subagent_type: "writer",
                run_in_background: false,
              },
            },
          ],
        },
        { content: "Done." },
      ],
      agents: { writer: { turns: [{ content: "Written." }] } },
    });
    const run = await runKeel(["-p", "write"], { cwd: dir, env: anthropicEnv(server) });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const bodies = server.requests.map((r) =>
      JSON.stringify((r.body as { messages: unknown }).messages),
    );
    const first = bodies.find((b) => b.includes("Write the intro."));
    expect(first).toContain("never use the Oxford comma");
    expect(first?.indexOf("Oxford")).toBeLessThan(first?.indexOf("Write the intro.") ?? 0);
    expect(bodies[0]).not.toContain("Oxford comma.");
    expect(server.violations).toEqual([]);
  });
});
