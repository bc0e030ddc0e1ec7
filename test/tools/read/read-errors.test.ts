import { spawn } from "node:child_process";
import { chmod, mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { build } from "esbuild";
import { afterEach, describe, expect, it } from "vitest";
import { createReadTool } from "../../../src/tools/builtin/read/read-tool.js";
import { callError, callTool, makeContext, TempFolders, toolsConfig } from "./helpers.js";

const temps = new TempFolders();
afterEach(() => temps.cleanup());

async function setup() {
  const cwd = await temps.make();
  const state = await temps.make();
  return { cwd, state, tool: createReadTool(toolsConfig(cwd, state)), context: makeContext(cwd) };
}

const REPO_ROOT = resolve(import.meta.dirname, "../../..");
const CHILD = join(REPO_ROOT, "test/tools/read/fixtures/read-in-child.ts");

/** The user a child process runs as: given ids, or (empty) this process's own user. */
type Identity = { uid: number; gid: number } | Record<string, never>;

/**
 * The child script bundled into a folder anyone may read: a child running as another user
 * cannot be expected to reach the repository (a checkout under a private temp folder).
 */
async function bundledChild(): Promise<string> {
  const dir = await temps.make();
  await chmod(dir, 0o755);
  const outfile = join(dir, "read-in-child.mjs");
  await build({
    entryPoints: [CHILD],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  await chmod(outfile, 0o644);
  return outfile;
}

/** Runs a Read in a child process and returns what it printed. */
async function readInChild(
  identity: Identity,
  args: string[],
): Promise<{ text?: string; error?: string }> {
  const script = await bundledChild();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: dirname(script),
      ...identity,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => (out += c));
    child.stderr.on("data", (c: Buffer) => (err += c));
    child.on("error", fail);
    child.on("close", (code) => (code === 0 ? done(JSON.parse(out)) : fail(new Error(err))));
  });
}

describe("Read errors say what is wrong and what to do", () => {
  it("names a similarly named file in the same folder when the file is missing", async () => {
    const { cwd, tool, context } = await setup();
    await writeFile(join(cwd, "config.json"), "{}");
    const message = await callError(tool, { file_path: join(cwd, "config.jsn") }, context);
    expect(message).toContain(`File does not exist: ${join(cwd, "config.jsn")}`);
    expect(message).toContain(`Did you mean ${join(cwd, "config.json")}?`);
    expect(message).toContain(`current working directory is ${cwd}`);
  });

  it("suggests a file with the same name but another extension", async () => {
    const { cwd, tool, context } = await setup();
    await writeFile(join(cwd, "index.ts"), "export {};\n");
    const message = await callError(tool, { file_path: "index.js" }, context);
    expect(message).toContain(`Did you mean ${join(cwd, "index.ts")}?`);
  });

  it("suggests nothing when no name in the folder is close", async () => {
    const { cwd, tool, context } = await setup();
    await writeFile(join(cwd, "unrelated.md"), "x");
    const message = await callError(tool, { file_path: join(cwd, "schema.sql") }, context);
    expect(message).toContain("File does not exist");
    expect(message).not.toContain("Did you mean");
    expect(message).toContain(cwd);
  });

  it("points a directory to Glob or ls", async () => {
    const { cwd, tool, context } = await setup();
    await mkdir(join(cwd, "src"));
    const message = await callError(tool, { file_path: "src" }, context);
    expect(message).toContain("is a directory");
    expect(message).toContain("Glob");
    expect(message).toContain("ls");
  });

  it("refuses a file with NUL bytes as binary", async () => {
    const { cwd, tool, context } = await setup();
    await writeFile(join(cwd, "blob"), Buffer.from([0x41, 0x00, 0x42, 0x43]));
    const message = await callError(tool, { file_path: "blob" }, context);
    expect(message).toContain("binary");
    expect(message).toContain("NUL");
  });

  it("refuses a known binary extension before opening the file", async () => {
    const { cwd, tool, context } = await setup();
    const input = tool.inputSchema.parse({ file_path: join(cwd, "never-created.so") });
    const verdict = await tool.validateInput?.(input, context);
    expect(verdict).toMatchObject({ ok: false });
    expect(verdict?.ok === false && verdict.message).toContain(".so");
  });

  it("refuses a file over 256 KB without offset or limit and explains how to page", async () => {
    const { cwd, tool, context } = await setup();
    await writeFile(join(cwd, "big.log"), `${"z".repeat(99)}\n`.repeat(3000));
    const message = await callError(tool, { file_path: "big.log" }, context);
    expect(message).toContain("293 KB");
    expect(message).toContain("offset and limit");
    const { text } = await callTool(tool, { file_path: "big.log", offset: 2999 }, context);
    expect(text).toBe(`2999\t${"z".repeat(99)}\n3000\t${"z".repeat(99)}`);
  });

  it("explains a path that runs through a file as if it were a folder", async () => {
    const { cwd, tool, context } = await setup();
    await writeFile(join(cwd, "plain.txt"), "x");
    const message = await callError(tool, { file_path: "plain.txt/inner.txt" }, context);
    expect(message).toContain("is a file, not a folder");
  });

  it("refuses a device file instead of reading forever", async () => {
    const { tool, context } = await setup();
    const message = await callError(tool, { file_path: "/dev/zero" }, context);
    expect(message).toContain("not a regular file");
  });

  it("reports permission denied for a file the process may not read", async () => {
    const { cwd, state } = await setup();
    const secret = join(cwd, "secret.txt");
    await writeFile(secret, "hidden\n");
    await chmod(secret, 0o000);
    // Root reads any file, so as root the Read runs in a child process as user "nobody".
    const asRoot = process.getuid?.() === 0;
    if (asRoot) await chmod(cwd, 0o755);
    const outcome = await readInChild(asRoot ? { uid: 65534, gid: 65534 } : {}, [
      secret,
      cwd,
      state,
    ]);
    expect(outcome.error).toBe(`Permission denied: ${secret} cannot be read by this process.`);
  });
});
