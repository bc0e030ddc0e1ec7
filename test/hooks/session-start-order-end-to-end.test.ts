import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import { readJsonLines, useHookProject, writeRecordingHook } from "./hook-project.js";

const project = useHookProject("keel-hook-order-");

/** SessionStart and UserPromptSubmit hooks that append their stdin to one log, in firing order. */
async function recordBoth(): Promise<void> {
  const { dir } = project;
  const path = await writeRecordingHook(dir, { file: join(dir, "order.jsonl"), append: true });
  const group = [{ hooks: [{ type: "command", command: path }] }];
  const hooks = { SessionStart: group, UserPromptSubmit: group };
  await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
}

async function firedEvents(): Promise<unknown[]> {
  const inputs = await readJsonLines(join(project.dir, "order.jsonl"));
  return inputs.map((input) => input.hook_event_name);
}

const userLine = (text: string) =>
  `${JSON.stringify({ type: "user", message: { role: "user", content: text } })}\n`;

describe("SessionStart fires as the session opens, before the first UserPromptSubmit", () => {
  it("in keel -p", async () => {
    await recordBoth();
    const server = await scriptedServer({ turns: [{ content: "ok" }] });
    const run = await runKeel(["-p", "hi"], {
      cwd: project.dir,
      env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: project.stateDir },
    });
    expect(run.code).toBe(0);
    expect(await firedEvents()).toEqual(["SessionStart", "UserPromptSubmit"]);
  });

  it("over stream-json input: once, then one UserPromptSubmit per message", async () => {
    await recordBoth();
    const server = await scriptedServer({ turns: [{ content: "one" }, { content: "two" }] });
    const args = ["--input-format", "stream-json", "--output-format", "stream-json", "--verbose"];
    const run = await runKeel(args, {
      cwd: project.dir,
      env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: project.stateDir },
      stdin: userLine("first") + userLine("second"),
    });
    expect(run.code).toBe(0);
    expect(await firedEvents()).toEqual(["SessionStart", "UserPromptSubmit", "UserPromptSubmit"]);
  });
});
