import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

const read = { type: "tool_use", name: "Read", input: { file_path: "src/a.ts" } };
const agent = (type: string) => ({
  type: "tool_use",
  name: "Agent",
  input: { description: `Run the ${type}`, prompt: "Look at src/a.ts.", subagent_type: type },
});

describe("keel -p names each agent in x-keel-agent, so a scenario scripts them apart", () => {
  it("runs two subagents at once, each on its own script, a fault for one never hitting the other", async () => {
    const server = await scriptedServer({
      turns: [
        {
          content: [
            { type: "text", text: "Two reviews at once." },
            agent("reviewer"),
            agent("tester"),
          ],
        },
        { content: "Both agents reported." },
      ],
      agents: {
        reviewer: {
          turns: [
            { content: [read], faults: [{ type: "http_error", status: 529 }] },
            { content: "Reviewer: 'helo' should be 'hello'." },
          ],
        },
        tester: {
          turns: [{ content: [read] }, { content: "Tester: nothing tests the greeting." }],
        },
      },
    });
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
