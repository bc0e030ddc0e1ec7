import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import { readJsonLines, useHookProject, writeRecordingHook } from "./hook-project.js";

const project = useHookProject("keel-hook-dir-", ["packages/app"]);

const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const register = (id: string, directory: string) =>
  line({
    type: "control_request",
    request_id: id,
    request: { subtype: "register_repo_root", directory },
  });

describe("DirectoryAdded through the SDK's register_repo_root (stream-json)", () => {
  it("adds a subfolder once (a second request is an error) and its hooks fire once", async () => {
    const { dir } = project;
    const log = join(dir, "added.jsonl");
    const script = await writeRecordingHook(dir, { file: log, append: true });
    const hooks = {
      DirectoryAdded: [
        { matcher: "register_repo_root", hooks: [{ type: "command", command: script }] },
      ],
    };
    await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
    const server = await scriptedServer({ turns: [{ content: "ok" }] });
    const app = join(dir, "packages", "app");
    const run = await runKeel(
      ["--input-format", "stream-json", "--output-format", "stream-json", "--verbose"],
      {
        cwd: dir,
        env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: project.stateDir },
        stdin:
          register("r1", app) +
          register("r2", app) +
          line({ type: "user", message: { role: "user", content: "hi" } }),
      },
    );
    expect(run.code).toBe(0);
    const answers = run.stdout
      .split("\n")
      .filter((l) => l.includes('"control_response"'))
      .map((l) => JSON.parse(l).response)
      // Requests are answered as each finishes: r1 waits for its hooks, r2 does not.
      .sort((x, y) => String(x.request_id).localeCompare(String(y.request_id)));
    expect(answers).toEqual([
      { subtype: "success", request_id: "r1", response: { directory: app } },
      expect.objectContaining({
        subtype: "error",
        request_id: "r2",
        error: `register_repo_root: ${app} is already a working folder`,
      }),
    ]);
    const fired = await readJsonLines(log);
    expect(fired.map((input) => [input.hook_event_name, input.directory, input.source])).toEqual([
      ["DirectoryAdded", app, "register_repo_root"],
    ]);
    expect(server.violations).toEqual([]);
  });
});
