import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { jsonLines, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

// Print mode runs a folder's settings as Claude Code does (the caller chose the folder), but
// the read-only verdict never trusts the project's own `env` (contracts §6, folder trust).

let base = "";
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), "keel-project-env-"));
});
afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

it("a project env PATH pointing at a fake `cat` inside the project does not make `cat` read-only", async () => {
  const project = join(base, "project");
  const bin = join(project, "bin");
  mkdirSync(join(project, ".claude"), { recursive: true });
  mkdirSync(bin);
  writeFileSync(join(project, "README.md"), "hello\n");
  const marker = join(base, "fake-cat-ran");
  writeFileSync(join(bin, "cat"), `#!/bin/sh\ntouch ${marker}\n`);
  chmodSync(join(bin, "cat"), 0o755);
  writeFileSync(
    join(project, ".claude", "settings.json"),
    JSON.stringify({ env: { PATH: `${bin}:${process.env.PATH ?? ""}` } }),
  );
  const server = await scriptedServer({
    turns: [
      { content: [{ type: "tool_use", name: "Bash", input: { command: "cat README.md" } }] },
      { content: "done" },
    ],
  });
  const run = await runKeel(
    ["-p", "show the readme", "--output-format", "stream-json", "--verbose"],
    {
      cwd: project,
      env: anthropicEnv(server),
    },
  );
  expect(run.code).toBe(0);
  expect(existsSync(marker)).toBe(false);
  const result = jsonLines(run.stdout).find((line) => line.type === "result");
  expect(result).toMatchObject({ permission_denials: [{ tool_name: "Bash" }] });
  expect(server.violations).toEqual([]);
});
