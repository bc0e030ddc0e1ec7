import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runKeel } from "../../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-agents-scripted-"));
  await mkdir(join(dir, "src"));
  await writeFile(join(dir, "src", "a.ts"), "export const greeting = 'helo';\n");
  await mkdir(join(dir, ".claude", "agents"), { recursive: true });
  for (const name of ["reviewer", "tester"]) {
    await writeFile(
      join(dir, ".claude", "agents", `${name}.md`),
      `---\nname: ${name}\ndescription: The ${name}.\ntools: Read\n---\nYou are the ${name}.\n`,
    );
  }
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The example scenario: two subagents, each on a script of its own. */
const EXAMPLE = fileURLToPath(new URL("../../../examples/scenarios/agents.json", import.meta.url));

const WAIT_FOR_AGENT =
  'i=0; until grep -qs \'"completed"\' "$KEEL_CONFIG_DIR"/tasks/*/meta.json || [ $i -ge 500 ]; do sleep 0.02; i=$((i+1)); done';

describe("keel -p names each agent in x-keel-agent, so a scenario scripts them apart", () => {
  it("runs two subagents at once, each on its own script, a fault for one never hitting the other", async () => {
    const server = await scriptedServer(JSON.parse(await readFile(EXAMPLE, "utf8")));
    const run = await runKeel(["-p", "review and test src/a.ts", "--output-format", "json"], {
      cwd: dir,
      env: anthropicEnv(server),
    });
    expect(server.violations).toEqual([]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ result: "Both agents reported." });

    const byAgent = (name: string) => server.requests.filter((r) => r.agent === name);
    expect(byAgent("main").map((r) => r.turn)).toEqual([1, 2]);
    expect(byAgent("reviewer").map((r) => `${r.turn}:${r.fault ?? "-"}`)).toEqual([
      "1:http_error",
      "1:-",
      "2:-",
    ]);
    expect(byAgent("tester").map((r) => `${r.turn}:${r.fault ?? "-"}`)).toEqual(["1:-", "2:-"]);
    expect(server.requests.every((r) => r.headers["x-keel-agent"] === r.agent)).toBe(true);

    // Both subagents' answers came back to the main thread as the Agent calls' results.
    const last = JSON.stringify(byAgent("main")[1]!.body);
    expect(last).toContain("Reviewer: 'helo' should be 'hello'.");
    expect(last).toContain("Tester: nothing tests the greeting.");
  });

  it("names a background agent too, on its own script beside the main thread's", async () => {
    const server = await scriptedServer({
      turns: [
        {
          content: [
            {
              type: "tool_use",
              name: "Agent",
              input: {
                description: "Review in the background",
                prompt: "Look at src/a.ts.",
                subagent_type: "reviewer",
                run_in_background: true,
              },
            },
          ],
        },
        // Waits (bounded) until the background agent's task has completed.
        { content: [{ type: "tool_use", name: "Bash", input: { command: WAIT_FOR_AGENT } }] },
        { content: "The reviewer found a typo." },
      ],
      agents: {
        reviewer: {
          turns: [
            { content: [{ type: "tool_use", name: "Read", input: { file_path: "src/a.ts" } }] },
            { content: "Reviewer: 'helo' should be 'hello'." },
          ],
        },
      },
    });
    const run = await runKeel(
      ["-p", "review src/a.ts in the background", "--allowedTools", "Bash"],
      {
        cwd: dir,
        env: anthropicEnv(server),
      },
    );
    expect(server.violations).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe("The reviewer found a typo.");
    const turnsOf = (agent: string) =>
      server.requests.filter((r) => r.headers["x-keel-agent"] === agent).map((r) => r.turn);
    expect(turnsOf("reviewer")).toEqual([1, 2]);
    expect(turnsOf("main")).toEqual([1, 2, 3]);
  });
});
