import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listProjectSessions } from "../../src/cli/session-list.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import { useHookProject, writeRecordingHook } from "./hook-project.js";

const project = useHookProject("keel-hook-title-");

/** A hook of `event` that prints `output` as its hookSpecificOutput. */
async function outputHook(event: string, output: Record<string, unknown>) {
  const json = JSON.stringify({ hookSpecificOutput: { hookEventName: event, ...output } });
  const command = await writeRecordingHook(project.dir, {
    file: "/dev/null",
    name: `${event}.sh`,
    after: `printf '%s' '${json}'`,
  });
  return [{ hooks: [{ type: "command", command }] }];
}

/** Runs `keel -p` with `hooks` in the project's settings; the titles the session list shows. */
async function titlesAfter(hooks: Record<string, unknown>, args: string[] = []) {
  await writeFile(join(project.dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
  const server = await scriptedServer({ turns: [{ content: "ok" }] });
  const run = await runKeel(["-p", ...args, "hi"], {
    cwd: project.dir,
    env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: project.stateDir },
  });
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  const sessions = await listProjectSessions(project.stateDir, project.dir, "");
  return sessions.map((s) => s.name);
}

describe("a hook's sessionTitle names the session, as -n/--name does", () => {
  it("SessionStart's", async () => {
    const SessionStart = await outputHook("SessionStart", { sessionTitle: "Started title" });
    expect(await titlesAfter({ SessionStart })).toEqual(["Started title"]);
  });

  it("UserPromptSubmit's, after the name the session was given", async () => {
    const UserPromptSubmit = await outputHook("UserPromptSubmit", { sessionTitle: "Prompt title" });
    expect(await titlesAfter({ UserPromptSubmit }, ["-n", "given"])).toEqual(["Prompt title"]);
  });
});
