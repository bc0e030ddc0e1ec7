import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const TEST_SERVER = resolve("test/fixtures/mcp/test-server.mjs");

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-agent-mcp-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A project agent with a stdio MCP server of its own, defined inline. */
const PROBER = `---
name: prober
description: Probes the test server.
tools: Read
mcpServers:
  - probe:
      command: ${JSON.stringify(process.execPath)}
      args: [${JSON.stringify(TEST_SERVER)}]
---
You probe.
`;

type Body = { tools?: Array<{ name: string }>; messages: unknown[] };

describe("an agent file's mcpServers (keel -p, a project agent)", () => {
  it("connects its inline server for the subagent, whose call of its tool is answered; the parent never has it", async () => {
    await mkdir(join(dir, ".claude", "agents"), { recursive: true });
    await writeFile(join(dir, ".claude", "agents", "prober.md"), PROBER);
    const server = await scriptedServer({
      turns: [
        {
          content: [
            {
              type: "tool_use",
              name: "Agent",
              input: {
                description: "Probe",
                prompt: "Probe it.",
                subagent_type: "prober",
                run_in_background: false,
              },
            },
          ],
        },
        { content: "Done." },
      ],
      agents: {
        prober: {
          turns: [
            {
              content: [{ type: "tool_use", name: "mcp__probe__echo", input: { message: "hi" } }],
            },
            { content: "Probed." },
          ],
        },
      },
    });
    const run = await runKeel(["-p", "probe", "--allowedTools", "mcp__probe__echo"], {
      cwd: dir,
      env: anthropicEnv(server),
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe("Done.");
    const bodies = server.requests.map((r) => r.body as Body);
    const subagentFirst = bodies.find((b) => JSON.stringify(b.messages).includes("Probe it."));
    // Its own tools (Read) and every tool of its server; nothing else of the parent's.
    const names = subagentFirst?.tools?.map((t) => t.name) ?? [];
    expect(names[0]).toBe("Read");
    expect(names).toContain("mcp__probe__echo");
    expect(names.slice(1).every((name) => name.startsWith("mcp__probe__"))).toBe(true);
    expect(JSON.stringify(bodies)).toContain("echo: hi");
    expect(bodies[0]?.tools?.map((t) => t.name)).not.toContain("mcp__probe__echo");
    expect(server.violations).toEqual([]);
  });
});
