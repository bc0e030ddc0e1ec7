import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonLines, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;

const REVIEWER_PROMPT = "You are the flag's reviewer. Name every misspelt word.";
const AGENTS = JSON.stringify({
  reviewer: { description: "Finds misspelt words.", prompt: REVIEWER_PROMPT, tools: ["Read"] },
});

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-agents-flag-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Body = { system?: unknown; tools?: Array<{ name: string; description?: string }> };

describe("keel --agents '<json>' (validator on)", () => {
  it("runs the main thread as an --agents agent with --agent: its prompt and tools", async () => {
    const server = await scriptedServer({ turns: [{ content: "No misspelt words." }] });
    const run = await runKeel(["-p", "check", "--agents", AGENTS, "--agent", "reviewer"], {
      cwd: dir,
      env: anthropicEnv(server),
    });
    expect(server.violations).toEqual([]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe("No misspelt words.");
    const body = server.requests[0]?.body as Body;
    expect(JSON.stringify(body.system)).toContain(REVIEWER_PROMPT);
    expect(body.tools?.map((t) => t.name)).toEqual(["Read"]);
  });

  it("lists an --agents agent in the Agent tool and the init message", async () => {
    const server = await scriptedServer({ turns: [{ content: "ok" }] });
    const run = await runKeel(
      ["-p", "hi", "--agents", AGENTS, "--output-format", "stream-json", "--verbose"],
      { cwd: dir, env: anthropicEnv(server) },
    );
    expect(run.code).toBe(0);
    const init = only(jsonLines(run.stdout), "system") as { agents: string[] };
    expect(init.agents).toEqual([
      "reviewer",
      "general-purpose",
      "statusline-setup",
      "Explore",
      "Plan",
    ]);
    const body = server.requests[0]?.body as Body;
    const agentTool = body.tools?.find((t) => t.name === "Agent");
    expect(agentTool?.description).toContain("- reviewer: Finds misspelt words. (Tools: Read)");
    expect(JSON.stringify(body.system)).not.toContain(REVIEWER_PROMPT);
  });

  it("says which fields of an --agents agent it ignores, and runs", async () => {
    const server = await scriptedServer({ turns: [{ content: "ok" }] });
    const agents = JSON.stringify({ r: { description: "d", prompt: "p", omitClaudeMd: true } });
    const run = await runKeel(["-p", "hi", "--agents", agents], {
      cwd: dir,
      env: anthropicEnv(server),
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      'keel: --agents agent "r": keel does not support omitClaudeMd; ignored\n',
    );
  });

  it("stops with exit 1 on --agents text that is not JSON, before any request", async () => {
    const server = await scriptedServer({ turns: [{ content: "never" }] });
    const run = await runKeel(["-p", "hi", "--agents", "{reviewer"], {
      cwd: dir,
      env: anthropicEnv(server),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^keel: --agents: not valid JSON \(.+\)\n$/);
    expect(run.stdout).toBe("");
    expect(server.requests).toHaveLength(0);
  });

  it("stops with exit 1 naming the agent and field of a definition without a prompt", async () => {
    const server = await scriptedServer({ turns: [{ content: "never" }] });
    const agents = JSON.stringify({ reviewer: { description: "Reviews." } });
    const run = await runKeel(["-p", "hi", "--agents", agents], {
      cwd: dir,
      env: anthropicEnv(server),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("keel: --agents: reviewer.prompt: must be a string\n");
    expect(server.requests).toHaveLength(0);
  });
});
