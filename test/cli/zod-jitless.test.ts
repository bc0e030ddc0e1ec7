import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PassThrough } from "node:stream";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { KEEL_BIN } from "../helpers/run-keel.js";

/** Counts code compiled from strings (zod's JIT compiles a parser per object schema so). */
function countCompiledFunctions(): { count: () => number; restore: () => void } {
  const original = globalThis.Function;
  let compiled = 0;
  globalThis.Function = new Proxy(original, {
    construct(target, args) {
      compiled++;
      return Reflect.construct(target, args);
    },
    apply(target, self, args) {
      compiled++;
      return Reflect.apply(target, self, args);
    },
  });
  return { count: () => compiled, restore: () => (globalThis.Function = original) };
}

describe("the CLI's full build", () => {
  it("runs a turn with a tool call without compiling any zod parser (its JIT is off before any schema is made)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "keel-jitless-"));
    const compiled = countCompiledFunctions();
    try {
      const scenario = join(dir, "s.json");
      await writeFile(
        scenario,
        JSON.stringify({
          name: "jitless",
          turns: [
            { content: [{ type: "tool_use", name: "Bash", input: { command: "echo hi" } }] },
            { content: "done" },
          ],
        }),
      );
      const entry = pathToFileURL(join(dirname(KEEL_BIN), "cli-entry.mjs")).href;
      const { runCli } = (await import(entry)) as typeof import("../../src/cli/cli-entry.js");
      const stdout = new PassThrough();
      let text = "";
      stdout.on("data", (chunk: Buffer) => {
        text += chunk.toString();
      });
      const code = await runCli(
        ["-p", "go", "--model", `scripted:${scenario}`, "--permission-mode", "bypassPermissions"],
        {
          stdin: Object.assign(new PassThrough().end(""), { isTTY: false }),
          stdout,
          stderr: new PassThrough(),
          env: { PATH: process.env.PATH ?? "", KEEL_CONFIG_DIR: join(dir, "state") },
          cwd: dir,
          signal: new AbortController().signal,
        },
      );
      expect({ code, text }).toEqual({ code: 0, text: "done\n" });
      expect(compiled.count()).toBe(0);
    } finally {
      compiled.restore();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
