import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const CD_THEN_PWD = {
  turns: [
    { content: [{ type: "tool_use", id: "toolu_cd", name: "Bash", input: { command: "cd sub" } }] },
    { content: [{ type: "tool_use", id: "toolu_pwd", name: "Bash", input: { command: "pwd" } }] },
    { content: "Done." },
  ],
};

/** The tool results the model got, by tool_use id, from the last request. */
function toolResults(body: unknown): Record<string, string> {
  const messages = (body as { messages: { content: unknown }[] }).messages;
  const results: Record<string, string> = {};
  for (const message of messages) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as {
      type: string;
      tool_use_id?: string;
      content?: unknown;
    }[]) {
      if (block.type === "tool_result" && block.tool_use_id) {
        results[block.tool_use_id] = JSON.stringify(block.content);
      }
    }
  }
  return results;
}

/** Runs the cd-then-pwd scenario in a project whose settings set `env`. */
async function run(env: Record<string, string>) {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-maintain-cwd-")));
  await mkdir(join(dir, "sub"));
  await mkdir(join(dir, ".claude"));
  await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify({ env }));
  const server = await scriptedServer(CD_THEN_PWD);
  const done = await runKeel(["-p", "go", "--allowedTools", "Bash"], {
    cwd: dir,
    env: anthropicEnv(server),
  });
  expect(done.stdout).toBe("Done.\n");
  expect(server.violations).toEqual([]);
  return toolResults(server.requests.at(-1)?.body);
}

describe("CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR", () => {
  it("set in the settings' env, puts the shell back in the project folder after each command", async () => {
    const results = await run({ CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR: "1" });
    expect(results.toolu_cd).toContain(`Shell cwd was reset to ${dir}`);
    expect(results.toolu_pwd).toBe(JSON.stringify(dir));
  });

  it("unset, a cd carries over to the next command", async () => {
    const results = await run({});
    expect(results.toolu_cd).not.toContain("Shell cwd was reset");
    expect(results.toolu_pwd).toBe(JSON.stringify(join(dir!, "sub")));
  });
});
