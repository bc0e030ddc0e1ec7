import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
import { afterEach, describe, expect, it } from "vitest";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const example = join(root, "examples/library/ask.ts");
const libraryEntry = join(root, "src/index.ts");
const scratch: string[] = [];

afterEach(async () => {
  await Promise.all(scratch.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The example's code from its import on: what the README must show word for word. */
async function exampleCode(): Promise<string> {
  const text = await readFile(example, "utf8");
  return text.slice(text.indexOf("import "));
}

/** TypeScript's complaints about the example, with "keel" resolved to this repository's source. */
function typeErrors(): string[] {
  const config = ts.readConfigFile(join(root, "tsconfig.json"), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const options = { ...parsed.options, noEmit: true, paths: { keel: [libraryEntry] } };
  const program = ts.createProgram([example], options);
  const diagnostics = ts.getPreEmitDiagnostics(program, program.getSourceFile(example));
  return diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

/** Runs the example with tsx in `cwd`, its "keel" import pointing at this repository's source. */
async function runExample(cwd: string, env: Record<string, string>) {
  const script = join(cwd, "..", "ask.mts");
  const code = await exampleCode();
  await writeFile(script, code.replace('from "keel"', `from ${JSON.stringify(libraryEntry)}`));
  const tsx = pathToFileURL(join(root, "node_modules/tsx/dist/loader.mjs")).href;
  const child = spawn(process.execPath, ["--import", tsx, script], {
    cwd,
    env,
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
  const exit = await new Promise<number | null>((resolve) => child.once("close", resolve));
  return { code: exit, stdout, stderr };
}

describe("the README's library example", () => {
  it("is in the README word for word", async () => {
    const readme = await readFile(join(root, "README.md"), "utf8");
    expect(readme).toContain(`\`\`\`ts\n${await exampleCode()}\`\`\``);
  });

  // Slow (the program takes in all of src and its dependencies' types), hence the long timeout.
  it("typechecks against the library's exports", () => {
    expect(typeErrors()).toEqual([]);
  }, 180_000);

  it("runs: the agent greps the folder and the answer and its cost are printed", async () => {
    const dir = await mkdtemp(join(tmpdir(), "keel-readme-"));
    scratch.push(dir);
    const project = join(dir, "project");
    await mkdir(join(project, "src"), { recursive: true });
    await writeFile(join(project, "src/todo.js"), "// TODO: something\n");
    await writeFile(join(project, "src/done.js"), "export const done = true;\n");
    const server = await scriptedServer({
      name: "readme-example",
      turns: [
        { content: [{ type: "tool_use", name: "Grep", input: { pattern: "TODO", path: "src" } }] },
        { content: "src/todo.js" },
      ],
      side: [{ match: { requestKind: "title" }, content: "TODOs" }],
    });
    const home = join(dir, "home");
    const env = { PATH: process.env.PATH ?? "", HOME: home, KEEL_CONFIG_DIR: join(home, ".keel") };
    const run = await runExample(project, { ...env, ...anthropicEnv(server) });
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/^\.\.\nsrc\/todo\.js\n2 model requests, \$\d+\.\d{4}\n$/);
    expect(run.code).toBe(0);
    expect(server.violations).toEqual([]);
    const grepAnswer = JSON.stringify(server.requests.at(-1)?.body);
    expect(grepAnswer).toContain("src/todo.js");
    expect(grepAnswer).not.toContain("src/done.js");
  }, 120_000);
});
