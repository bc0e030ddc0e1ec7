import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import { useHookProject, writeRecordingHook } from "./hook-project.js";

const project = useHookProject("keel-hook-no-effect-");

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe("output fields keel accepts but does not apply", () => {
  it("are each named once on stderr, however many hooks give them", async () => {
    const output = JSON.stringify({
      terminalSequence: "\\u001b]9;done\\u0007",
      hookSpecificOutput: {
        hookEventName: "SessionStart",
        initialUserMessage: "INITIAL-MESSAGE-3",
      },
    });
    const hook = (name: string) =>
      writeRecordingHook(project.dir, {
        file: "/dev/null",
        name,
        after: `printf '%s' '${output}'`,
      });
    const SessionStart = [
      { hooks: [{ type: "command", command: await hook("one.sh") }] },
      { hooks: [{ type: "command", command: await hook("two.sh") }] },
    ];
    await writeFile(
      join(project.dir, ".claude", "settings.json"),
      JSON.stringify({ hooks: { SessionStart } }),
    );
    const server = await scriptedServer({ turns: [{ content: "ok" }] });
    const run = await runKeel(["-p", "hi"], {
      cwd: project.dir,
      env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: project.stateDir },
    });
    expect(run.code).toBe(0);
    for (const field of [
      "terminalSequence has no effect in keel",
      "hookSpecificOutput.initialUserMessage has no effect in keel",
    ]) {
      expect(occurrences(run.stderr, field)).toBe(1);
    }
    expect(run.stderr).not.toContain("\u001b]9;");
    expect(JSON.stringify(server.requests[0]?.body)).not.toContain("INITIAL-MESSAGE-3");
  });
});
