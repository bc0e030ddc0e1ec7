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
});
