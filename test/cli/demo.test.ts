import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEEL_BIN } from "../helpers/run-keel.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const exampleProject = join(root, "examples/demo-project");

/** Every file of a folder with its content, so a later snapshot shows any change. */
async function snapshot(folder: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(folder, path)] = await readFile(path, "utf8");
  }
  return files;
}

/** Runs scripts/demo.mjs with the test build of the CLI and its own temp folder. */
function runDemo(tmp: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(root, "scripts/demo.mjs")], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", TMPDIR: tmp, KEEL_DEMO_CLI: KEEL_BIN },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve) => {
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("npm run demo", () => {
  let tmp: string;
  let before: Record<string, string>;
  let demo: { code: number | null; stdout: string; stderr: string };

  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), "keel-demo-test-"));
    before = await snapshot(exampleProject);
    demo = await runDemo(tmp);
  }, 180_000);

  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it("succeeds, saying plainly that the model is a script", () => {
    expect(demo.stderr).toBe("");
    expect(demo.code).toBe(0);
    expect(demo.stdout).toMatch(/^keel demo: /);
    expect(demo.stdout).toContain("The model is a script.");
  });

  it("shows the five tool calls of seed 000's example in order, none failing", () => {
    const calls = demo.stdout.split("\n").filter((line) => /^● [A-Z]\w*\(/.test(line));
    expect(calls).toEqual([
      "● Glob(src/**/*.js)",
      '● Grep("TODO" in src)',
      "● Read(src/cart.js)",
      "● Edit(src/cart.js)",
      "● Bash(npm test)",
    ]);
    expect(demo.stdout).not.toMatch(/⎿ error:/);
    expect(demo.stdout).toContain(
      "+   return lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);",
    );
  });

  it("prints the loop's transitions from keel trace: next_turn five times, then completed", () => {
    const transitions = [...demo.stdout.matchAll(/^ {2}turn (\d+) +(continue|terminal) (\w+)/gm)];
    expect(transitions.map((m) => `${m[1]} ${m[2]} ${m[3]}`)).toEqual([
      "1 continue next_turn",
      "2 continue next_turn",
      "3 continue next_turn",
      "4 continue next_turn",
      "5 continue next_turn",
      "6 terminal completed",
    ]);
  });

  it("shows the tests failing on the bug before the run and passing after it", () => {
    expect(demo.stdout).toContain(
      "npm test in the copy, before: 6 tests, 5 pass, 1 fail (the bug)",
    );
    expect(demo.stdout).toContain("npm test in the copy, after: 6 tests, 6 pass, 0 fail");
    expect(demo.stdout).toContain("scripted server: 6 requests, 0 violations");
  });

  it("leaves the example project untouched and removes its temporary copy", async () => {
    expect(await snapshot(exampleProject)).toEqual(before);
    expect((await readdir(tmp)).filter((name) => name.startsWith("keel-demo-"))).toEqual([]);
  });
});
