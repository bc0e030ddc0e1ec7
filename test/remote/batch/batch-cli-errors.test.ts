import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../../src/cli/main.js";
import { originAndClone } from "../origin-repo.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs `keel batch` in this process; its stderr and exit code. */
async function batch(cwd: string, args: string[], env: Record<string, string> = {}) {
  const stdin = new PassThrough();
  stdin.end();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let err = "";
  stderr.setEncoding("utf8").on("data", (chunk: string) => {
    err += chunk;
  });
  stdout.resume();
  const io = { stdin, stdout, stderr, cwd, signal: new AbortController().signal };
  const code = await runCli(["batch", ...args], { ...io, env: { HOME: cwd, ...env } });
  return { code, stderr: err };
}

function folder() {
  const dir = mkdtempSync(join(tmpdir(), "keel-batch-bad-"));
  dirs.push(dir);
  return dir;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === "object" && address ? address.port : 1;
}

describe("keel batch refuses bad input before submitting anything", () => {
  it("lists every bad line of the tasks file by number", async () => {
    const dir = folder();
    writeFileSync(join(dir, "tasks.jsonl"), '{"id": "a", "prompt": "p"}\n\n[1]\n');
    const run = await batch(dir, ["tasks.jsonl"], { KEEL_REDIS_URL: "redis://127.0.0.1:1" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("tasks.jsonl is not a batch:");
    expect(run.stderr).toMatch(/line 1: repository: /);
    expect(run.stderr).toMatch(/line 3: /);
    expect(existsSync(join(dir, "results.jsonl"))).toBe(false);
  });

  it("names a task whose ref the repository does not have", async () => {
    const dir = folder();
    originAndClone(dir, { "README.md": "x\n" });
    const task = { id: "a", prompt: "p", repository: "origin.git", ref: "no-such-branch" };
    writeFileSync(join(dir, "tasks.jsonl"), `${JSON.stringify(task)}\n`);
    const run = await batch(dir, ["tasks.jsonl"], { KEEL_REDIS_URL: "redis://127.0.0.1:1" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`task "a" (and any other with the same repository and ref):`);
    expect(run.stderr).toContain('has no ref "no-such-branch"');
  });

  it("says Redis does not answer instead of waiting for it", async () => {
    const dir = folder();
    originAndClone(dir, { "README.md": "x\n" });
    const task = { id: "a", prompt: "p", repository: "origin.git", ref: "main" };
    writeFileSync(join(dir, "tasks.jsonl"), `${JSON.stringify(task)}\n`);
    const url = `redis://127.0.0.1:${await closedPort()}`;
    const run = await batch(dir, ["tasks.jsonl"], {
      KEEL_REDIS_URL: url,
      KEEL_BATCH_CONNECT_MS: "300",
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Redis at ${url} did not answer within 300 ms`);
    expect(existsSync(join(dir, "results.jsonl"))).toBe(false);
  });
});
