import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { KEEL_BIN, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const LOAD_LOGGER = fileURLToPath(
  new URL("../../bench/lib/register-load-log.mjs", import.meta.url),
);
/** A name only marked-terminal's code holds: it marks the chunk the markdown renderer is in. */
const MARKDOWN_SIGN = "TABLE_CELL_SPLIT";
const distFolder = join(KEEL_BIN, "..");

describe("what keel -p loads", () => {
  it("never loads the REPL's markdown renderer (marked, marked-terminal, the highlighter)", async () => {
    const logs = await mkdtemp(join(tmpdir(), "keel-loads-"));
    try {
      const server = await scriptedServer({ turns: [{ content: "plain answer" }] });
      const loads = join(logs, "loads.txt");
      const run = await runKeel(["-p", "hello"], {
        env: {
          ...anthropicEnv(server),
          KEEL_BENCH_LOADS: loads,
          KEEL_DEBUG: "1",
          NODE_OPTIONS: `--import ${LOAD_LOGGER}`,
        },
      });
      expect(run.stdout.trim()).toBe("plain answer");
      const modules = (await readFile(loads, "utf8"))
        .split("\n")
        .filter((url) => url.startsWith("file:") && fileURLToPath(url).startsWith(distFolder))
        .map((url) => fileURLToPath(url));
      // The print bundle is compiled by bin.ts (vm.Script), not imported: it names it on stderr.
      const printBundle = join(distFolder, "print.cjs");
      expect(run.stderr).toContain(`${printBundle}, code cache`);
      for (const file of [...modules, printBundle]) {
        expect(await readFile(file, "utf8")).not.toContain(MARKDOWN_SIGN);
      }
      // The sign is real: the build does hold the renderer, in a chunk of its own.
      const chunks = await readdir(join(distFolder, "chunks"));
      const holders = [];
      for (const chunk of chunks.filter((name) => name.endsWith(".mjs"))) {
        const text = await readFile(join(distFolder, "chunks", chunk), "utf8");
        if (text.includes(MARKDOWN_SIGN)) holders.push(chunk);
      }
      expect(holders).toHaveLength(1);
      expect(server.violations).toEqual([]);
    } finally {
      await rm(logs, { recursive: true, force: true });
    }
  });
});
