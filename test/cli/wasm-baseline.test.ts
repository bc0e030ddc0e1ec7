import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { keepGrammarAtBaseline, WASM_BASELINE_FLAGS } from "../../src/cli/wasm-baseline.js";
import { STOP_GROWTH_FLAG } from "../../src/cli/young-generation-v8.js";
import { parseShellCommand } from "../../src/tools/shell-parse/index.js";
import { KEEL_NODE_ARGS, runKeel } from "../helpers/run-keel.js";

/** Preloaded into keel: says on stderr each V8 flag the process sets. */
const FLAG_SPY = [
  'const v8 = require("node:v8");',
  "const set = v8.setFlagsFromString;",
  'v8.setFlagsFromString = (flags) => { process.stderr.write("v8 flags: " + flags + "\\n"); set.call(v8, flags); };',
].join("\n");

/** The V8 flags a one-turn `keel -p` sets while its Bash tool runs `command`. */
async function flagsSetRunning(command: string): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), "keel-wasm-baseline-"));
  try {
    const scenario = join(dir, "scenario.json");
    const turns = [
      { content: [{ type: "tool_use", name: "Bash", input: { command } }] },
      { content: "done" },
    ];
    await writeFile(scenario, JSON.stringify({ name: "grammar", turns }));
    await writeFile(join(dir, "spy.cjs"), FLAG_SPY);
    const run = await runKeel(
      ["-p", "go", "--model", `scripted:${scenario}`, "--permission-mode", "bypassPermissions"],
      { cwd: dir, nodeArgs: ["-r", join(dir, "spy.cjs"), ...KEEL_NODE_ARGS] },
    );
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 0, stdout: "done\n" });
    // The young generation's cap sets its flag whenever a run lasts a second and fills 8 MB
    // (a loaded machine): not the grammar's doing.
    return [...run.stderr.matchAll(/^v8 flags: (.*)$/gm)]
      .map((match) => match[1] ?? "")
      .filter((flags) => flags !== STOP_GROWTH_FLAG);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// Runs in the fresh-modules project (vitest.config.ts): the grammar must not be loaded yet.
describe("the CLI keeps the shell grammar's WebAssembly at its baseline code", () => {
  it("sets the flags once, only when a command first needs the grammar, before it is compiled", async () => {
    const set: string[] = [];
    keepGrammarAtBaseline((flags) => set.push(flags));
    await parseShellCommand("ls -la | head"); // plain: no grammar
    expect(set).toEqual([]);

    const parsed = await parseShellCommand('echo "$HOME" > out.txt');
    expect(set).toEqual([...WASM_BASELINE_FLAGS]);
    expect(parsed.commands.map((c) => c.argv[0]?.value)).toEqual(["echo"]);

    await parseShellCommand("cat <<< 'again'");
    expect(set).toEqual([...WASM_BASELINE_FLAGS]);
  });

  it("uses flags this node's V8 knows (it says so on stderr when it does not)", () => {
    const setAll = (flags: readonly string[]) =>
      spawnSync(
        process.execPath,
        [
          "-e",
          `for (const f of ${JSON.stringify(flags)}) require("node:v8").setFlagsFromString(f)`,
        ],
        { encoding: "utf8" },
      );
    expect(setAll(WASM_BASELINE_FLAGS)).toMatchObject({ status: 0, stderr: "" });
    expect(setAll(["--no-such-keel-flag"]).stderr).toContain("unrecognized flag");
  });

  it("is what keel does: a run whose command needs the grammar sets them, a plain one none", async () => {
    expect(await flagsSetRunning('echo "$HOME" > out.txt')).toEqual([...WASM_BASELINE_FLAGS]);
    expect(await flagsSetRunning("echo plain")).toEqual([]);
  });
});
