import { cp, mkdtemp, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { isFullBuildNeeded } from "../../src/cli/full-build-needed.js";
import { loadPrintBundle, printBundleFiles } from "../../src/cli/print-bundle-loader.js";
import { KEEL_BIN, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const distDir = dirname(KEEL_BIN);

async function oneTurn(answer: string, nodeArgs?: readonly string[]) {
  const server = await scriptedServer({ turns: [{ content: answer }] });
  const run = await runKeel(["-p", "hello"], {
    env: { ...anthropicEnv(server), KEEL_DEBUG: "1" },
    ...(nodeArgs ? { nodeArgs } : {}),
  });
  expect(server.violations).toEqual([]);
  return run;
}

describe("the print bundle", () => {
  it("runs keel -p, with the code cache the build made", async () => {
    const run = await oneTurn("from the bundle");
    expect(run.stdout.trim()).toBe("from the bundle");
    expect(run.stderr).toContain("print.cjs, code cache used");
  });

  it("still answers when V8 rejects the cache (node started with a flag the build did not use)", async () => {
    const run = await oneTurn("compiled afresh", ["--max-semi-space-size=4", KEEL_BIN]);
    expect(run.stdout.trim()).toBe("compiled afresh");
    expect(run.stderr).toContain("print.cjs, code cache rejected");
  });

  it("loads what it loads on demand (the bash grammar, stream-json's line reader) from the cache", async () => {
    // A loop is not a plain command: reading it needs the tree-sitter grammar, loaded on demand.
    const command = "for i in 1 2; do echo step $i; done";
    const server = await scriptedServer({
      turns: [
        { content: [{ type: "tool_use", name: "Bash", input: { command } }] },
        { content: "looped" },
      ],
    });
    const line = JSON.stringify({ type: "user", message: { role: "user", content: "go" } });
    const run = await runKeel(
      [
        "--input-format",
        "stream-json",
        "--output-format",
        "stream-json",
        "--verbose",
        "--allowedTools",
        "Bash",
      ],
      {
        env: { ...anthropicEnv(server), KEEL_DEBUG: "1" },
        stdin: `${line}\n`,
      },
    );
    expect(run.stderr).toContain("print.cjs, code cache used");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("step 1\\nstep 2");
    expect(run.stdout).toContain('"result":"looped"');
    expect(server.violations).toEqual([]);
  });

  it("hands arguments that want the REPL to the full build before doing anything", async () => {
    const loaded = loadPrintBundle(printBundleFiles(distDir));
    if (!loaded) throw new Error(`no print bundle in ${distDir}`);
    let written = "";
    const stdout = new PassThrough().on("data", (chunk) => (written += chunk));
    const stderr = new PassThrough().on("data", (chunk) => (written += chunk));
    // "-p" is the value of --append-system-prompt here: these arguments start the REPL. The
    // --agents agent has a field keel ignores: the warning is the REPL's to show, not written here.
    const agents = JSON.stringify({ r: { description: "d", prompt: "p", skills: ["s"] } });
    const argv = ["--agents", agents, "--append-system-prompt", "-p"];
    const outcome = loaded.build.runCli(argv, {
      stdin: new PassThrough(),
      stdout,
      stderr,
      env: { PATH: process.env.PATH },
      cwd: distDir,
      signal: new AbortController().signal,
    });
    await expect(outcome).rejects.toSatisfy(isFullBuildNeeded);
    expect(written).toBe("");
  });

  it("is optional: without it the full build serves keel -p", async () => {
    // A copy beside dist/, so node_modules still resolve from it.
    const copy = await mkdtemp(join(dirname(distDir), "keel-no-print-bundle-"));
    try {
      await cp(distDir, copy, { recursive: true });
      await rm(join(copy, "print.cjs"));
      const run = await oneTurn("from the full build", [join(copy, "cli.js")]);
      expect(run.stdout.trim()).toBe("from the full build");
      expect(run.stderr).not.toContain("print.cjs");
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
