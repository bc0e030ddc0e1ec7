import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonLines, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;
let home: string;

const REVIEWER_PROMPT = "You are the strict reviewer of this repository.";

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-agent-option-"));
  home = await mkdtemp(join(tmpdir(), "keel-agent-option-home-"));
  await mkdir(join(dir, ".claude", "agents"), { recursive: true });
  await writeFile(
    join(dir, ".claude", "agents", "reviewer.md"),
    `---\nname: reviewer\ndescription: Reviews code.\ntools: Read, Grep\nmodel: haiku\n---\n${REVIEWER_PROMPT}\n`,
  );
});

afterEach(async () => {
  for (const folder of [dir, home]) await rm(folder, { recursive: true, force: true });
});

type Body = { system?: unknown; tools?: Array<{ name: string }>; model?: string };

/** The text of a request's system prompt (a string or text blocks). */
function systemText(body: Body): string {
  const system = body.system;
  if (typeof system === "string") return system;
  return (system as Array<{ text: string }>).map((block) => block.text).join("\n");
}

async function run(args: string[]) {
  const server = await scriptedServer({ turns: [{ content: "Reviewed." }] });
  const done = await runKeel(["-p", "review it", "--output-format", "stream-json", ...args], {
    cwd: dir,
    env: { ...anthropicEnv(server), HOME: home, KEEL_CONFIG_DIR: join(home, ".keel") },
  });
  const bodies = server.requests.map((r) => r.body as Body);
  return { server, done, bodies };
}

describe("keel -p --agent: the main thread runs as an agent (validator on)", () => {
  it("sends the agent's prompt as the system prompt, only its tools, on its model", async () => {
    const { server, done, bodies } = await run(["--verbose", "--agent", "reviewer"]);
    expect(server.violations).toEqual([]);
    expect(done.code).toBe(0);
    expect(bodies).toHaveLength(1);
    expect(systemText(bodies[0]!).startsWith(REVIEWER_PROMPT)).toBe(true);
    expect(bodies[0]!.tools?.map((t) => t.name)).toEqual(["Read", "Grep"]);
    expect(bodies[0]!.model).toBe("claude-haiku-4-5");
    const init = only(jsonLines(done.stdout), "system");
    expect(init).toMatchObject({ model: "claude-haiku-4-5", tools: ["Read", "Grep"] });
  });

  it("puts the agent's prompt in place of --system-prompt and keeps --append-system-prompt", async () => {
    const { done, bodies } = await run([
      "--verbose",
      "--agent",
      "reviewer",
      "--system-prompt",
      "A REPLACED PROMPT",
      "--append-system-prompt",
      "AN APPENDED NOTE",
    ]);
    expect(done.code).toBe(0);
    const text = systemText(bodies[0]!);
    expect(text.startsWith(REVIEWER_PROMPT)).toBe(true);
    expect(text).not.toContain("A REPLACED PROMPT");
    expect(text.endsWith("AN APPENDED NOTE")).toBe(true);
  });

  it("uses the model given with --model over the agent's", async () => {
    const { done, bodies } = await run(["--verbose", "--agent", "reviewer", "--model", "sonnet"]);
    expect(done.code).toBe(0);
    expect(bodies[0]!.model).toBe("claude-sonnet-5");
  });

  it("runs as the agent the settings' agent names; --agent wins over it", async () => {
    await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify({ agent: "reviewer" }));
    const fromSettings = await run(["--verbose"]);
    expect(fromSettings.done.code).toBe(0);
    expect(systemText(fromSettings.bodies[0]!).startsWith(REVIEWER_PROMPT)).toBe(true);
    const overridden = await run(["--verbose", "--agent", "general-purpose"]);
    expect(overridden.done.code).toBe(0);
    expect(systemText(overridden.bodies[0]!)).not.toContain(REVIEWER_PROMPT);
    expect(overridden.bodies[0]!.tools?.map((t) => t.name)).toContain("Bash");
  });

  it("stops with exit 1 before any request when the agent is unknown, listing the agents", async () => {
    const { server, done } = await run(["--agent", "nobody"]);
    expect(done.code).toBe(1);
    expect(done.stderr).toContain(
      'keel: --agent names the agent "nobody", which is not defined. Available agents: reviewer, general-purpose',
    );
    expect(server.requests).toHaveLength(0);
  });

  it("names the setting when the settings' agent is unknown", async () => {
    await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify({ agent: "ghost" }));
    const { done } = await run([]);
    expect(done.code).toBe(1);
    expect(done.stderr).toContain('the "agent" setting names the agent "ghost"');
  });
});
