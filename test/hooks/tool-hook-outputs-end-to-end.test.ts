import { chmod, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import { useHookProject } from "./hook-project.js";

const project = useHookProject("keel-hook-outputs-");

/** A hook for `event` on tools matching `matcher` that prints `output` as its JSON. */
interface PrintingHook {
  event: string;
  matcher: string;
  output: unknown;
}

/** Writes the hooks into the project's settings (plus `settings`); each prints its output. */
async function printingHooks(hooks: PrintingHook[], settings: object = {}): Promise<void> {
  const config: Record<string, unknown[]> = {};
  for (const [i, hook] of hooks.entries()) {
    const path = join(project.dir, `hook-${i}.sh`);
    const json = JSON.stringify(hook.output).replaceAll("'", "'\\''");
    await writeFile(path, `#!/bin/sh\ncat > /dev/null\nprintf '%s' '${json}'\n`);
    await chmod(path, 0o755);
    config[hook.event] ??= [];
    config[hook.event]?.push({ matcher: hook.matcher, hooks: [{ type: "command", command: path }] });
  }
  const file = join(project.dir, ".claude", "settings.json");
  await writeFile(file, JSON.stringify({ ...settings, hooks: config }));
}

async function keel(scenario: unknown, args: string[] = []) {
  const server = await scriptedServer(scenario);
  const run = await runKeel(["-p", "do it", ...args], {
    cwd: project.dir,
    env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: project.stateDir },
  });
  return { run, server };
}

const bashTurn = (command: string) => ({
  content: [{ type: "tool_use", id: "toolu_1", name: "Bash", input: { command } }],
});

describe("hookSpecificOutput naming another event", () => {
  it("is an error and none of the output applies, continue:false included", async () => {
    await printingHooks([
      {
        event: "PostToolUse",
        matcher: "Bash",
        output: {
          continue: false,
          stopReason: "stop here",
          hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "ticket 42" },
        },
      },
    ]);
    const { run, server } = await keel({ turns: [bashTurn("echo hi"), { content: "done" }] });
    expect(run.code).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(JSON.stringify(server.requests[1]?.body)).not.toContain("ticket 42");
    expect(run.stderr).toContain('hookEventName is "PreToolUse", expected "PostToolUse"');
    expect(run.stdout).toContain("done");
  });
});
