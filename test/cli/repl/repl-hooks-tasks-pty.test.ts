import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { taskMetaSchema } from "../../../src/tasks/task-meta.js";
import { isAlive } from "../../tools/bash/helpers.js";
import { usePtyRepl } from "./pty-repl.js";
import { exitWithCtrlC, typeLine } from "./pty-screen.js";

const pty = usePtyRepl("keel-hooks-tasks");

const MARKER = "pty-task-out-5c1e";

describe("/hooks and /tasks in the real REPL", { timeout: 60_000 }, () => {
  it("lists a user hook in force, then a background shell: its output, and its stop", async () => {
    const userSettings = join(pty.home, ".claude", "settings.json");
    await mkdir(join(pty.home, ".claude"), { recursive: true });
    await writeFile(
      userSettings,
      JSON.stringify({
        hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "true" }] }] },
      }),
    );
    const { server, screen } = await pty.start(
      {
        turns: [
          {
            content: [
              {
                type: "tool_use",
                id: "toolu_bg",
                name: "Bash",
                input: {
                  command: `echo ${MARKER}; sleep 300`,
                  description: "Sleeper",
                  run_in_background: true,
                },
              },
            ],
          },
          { content: "Started it." },
        ],
      },
      ["--allowedTools", "Bash"],
      undefined,
      { cols: 160, rows: 50 },
    );
    await typeLine(screen, "/hooks");
    await screen.waitFor(
      (s) =>
        s.includes("Hooks: 1 configured, 1 in force") &&
        s.includes("command: true · timeout 600 s") &&
        s.includes(`User settings (${userSettings}) · in force`),
      "the hooks listing",
    );

    await typeLine(screen, "start a sleeper");
    await screen.waitFor((s) => s.includes("Started it."), "the answer");
    await typeLine(screen, "/tasks");
    const listed = await screen.waitFor(
      (s) => /\w+\s+local_bash\s+running\s.*Sleeper/.test(s),
      "the running shell in /tasks",
    );
    const id = /(\w+)\s+local_bash\s+running\s/.exec(listed)?.[1] ?? "";
    const meta = taskMetaSchema.parse(
      JSON.parse(await readFile(join(pty.stateDir, "tasks", id, "meta.json"), "utf8")),
    );
    if (meta.pid === undefined) throw new Error("the shell's pid was not recorded");
    expect(isAlive(meta.pid)).toBe(true);

    await typeLine(screen, `/tasks ${id}`);
    await screen.waitFor(
      (s) => s.includes(`${id} local_bash running · Sleeper`) && s.includes(`  ${MARKER}`),
      "the shell's output",
    );
    await typeLine(screen, `/tasks stop ${id}`);
    await screen.waitFor((s) => s.includes(`Stopped ${id} (Sleeper): killed.`), "the stop");
    expect(isAlive(meta.pid)).toBe(false);
    await typeLine(screen, "/tasks");
    await screen.waitFor(
      (s) => new RegExp(`${id}\\s+local_bash\\s+killed\\s`).test(s),
      "the killed shell in /tasks",
    );

    expect(await exitWithCtrlC(screen)).toBe(0);
    expect(server.requests.map((r) => r.kind)).toEqual(["main", "main"]);
    expect(server.violations).toEqual([]);
  });
});
