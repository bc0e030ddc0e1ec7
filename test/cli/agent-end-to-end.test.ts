import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sanitizeCwd } from "../../src/config/paths.js";
import type { SdkUserMessage } from "../../src/session/sdk-messages.js";
import { jsonLines, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;
let home: string;
let stateDir: string;

const REVIEWER_PROMPT = "You are the reviewer. Report spelling mistakes in code.";

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-agent-e2e-"));
  home = await mkdtemp(join(tmpdir(), "keel-agent-home-"));
  stateDir = await mkdtemp(join(tmpdir(), "keel-agent-state-"));
  await mkdir(join(dir, "src"));
  await writeFile(join(dir, "src", "a.ts"), "export const greeting = 'helo';\n");
  await mkdir(join(dir, ".claude", "agents"), { recursive: true });
  await writeFile(
    join(dir, ".claude", "agents", "reviewer.md"),
    `---\nname: reviewer\ndescription: Finds spelling mistakes.\ntools: Read, Grep\n---\n${REVIEWER_PROMPT}\n`,
  );
  await mkdir(join(home, ".claude", "agents"), { recursive: true });
  await writeFile(join(home, ".claude", "agents", "broken.md"), "no frontmatter here\n");
});

afterEach(async () => {
  for (const folder of [dir, home, stateDir]) await rm(folder, { recursive: true, force: true });
});

const toolUse = (name: string, input: Record<string, unknown>) => ({
  type: "tool_use",
  name,
  input,
});

describe("keel -p starts subagents with the Agent tool (validator on)", () => {
  it("runs a project agent with its prompt and tools, and returns its answer to the parent", async () => {
    const server = await scriptedServer({
      turnMode: "count",
      turns: [
        {
          content: [
            toolUse("Agent", {
              description: "Review the greeting",
              prompt: "Check src/a.ts for spelling mistakes.",
              subagent_type: "reviewer",
              run_in_background: false,
            }),
          ],
        },
        { content: [toolUse("Read", { file_path: "src/a.ts" })] },
        { content: "src/a.ts line 1: 'helo' should be 'hello'." },
        { content: "The reviewer found one typo: 'helo' in src/a.ts." },
      ],
    });
    const run = await runKeel(
      ["-p", "review the greeting", "--output-format", "stream-json", "--verbose"],
      { cwd: dir, env: { ...anthropicEnv(server), HOME: home, KEEL_CONFIG_DIR: stateDir } },
    );
    expect(server.violations).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      `keel: skipped agent file ${join(home, ".claude", "agents", "broken.md")}`,
    );
    const lines = jsonLines(run.stdout);
    const init = only(lines, "system");
    expect(init).toMatchObject({
      agents: ["reviewer", "general-purpose", "statusline-setup", "Explore", "Plan"],
    });
    expect((init as { tools: string[] }).tools).toContain("Agent");

    const bodies = server.requests.map((r) => r.body as Record<string, unknown>);
    expect(bodies).toHaveLength(4);
    expect(server.requests.map((r) => r.kind)).toEqual(["main", "main", "main", "main"]);
    const names = (body: Record<string, unknown>) =>
      (body.tools as Array<{ name: string }>).map((t) => t.name);
    expect(names(bodies[0]!)).toContain("Agent");
    expect(names(bodies[1]!)).toEqual(["Read", "Grep"]);
    expect(JSON.stringify(bodies[1]!.system)).toContain(REVIEWER_PROMPT);
    expect(JSON.stringify(bodies[0]!.system)).not.toContain(REVIEWER_PROMPT);

    const results = lines
      .filter((l): l is SdkUserMessage => l.type === "user")
      .flatMap((l) => (Array.isArray(l.message.content) ? l.message.content : []))
      .filter((b) => b.type === "tool_result");
    expect(results).toHaveLength(1);
    expect(results[0]!.is_error ?? false).toBe(false);
    expect(JSON.stringify(results[0]!.content)).toContain("'helo' should be 'hello'");
    expect(only(lines, "result")).toMatchObject({
      is_error: false,
      result: "The reviewer found one typo: 'helo' in src/a.ts.",
      num_turns: 2,
    });

    // The subagent's own conversation is in its sidechain transcript, beside the session's.
    const sessionFolder = join(stateDir, "projects", sanitizeCwd(dir), init.session_id);
    const [sidechain] = await readdir(join(sessionFolder, "subagents"));
    const lines2 = (await readFile(join(sessionFolder, "subagents", sidechain!), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { isSidechain: boolean; type: string });
    expect(sidechain).toMatch(/^agent-.+\.jsonl$/);
    expect(lines2.every((l) => l.isSidechain)).toBe(true);
    expect(lines2.map((l) => l.type).filter((t) => t !== "system")).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
    expect(JSON.stringify(lines2[0])).toContain("Check src/a.ts for spelling mistakes.");
  });
});
