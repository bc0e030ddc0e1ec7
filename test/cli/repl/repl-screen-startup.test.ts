import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";
import { REPL_PROMPT, sizesToRun, usePtyRepl } from "./pty-repl.js";
import {
  CLEAR_SCREEN,
  CLEAR_SCROLLBACK,
  occurrences,
  onceInOrder,
  SHELL_LINES,
} from "./screen-checks.js";

const pty = usePtyRepl("keel-screen-startup");

const SHELL_SCRIPT = "for i in $(seq 1 40); do echo shell-line-$i; done";

/** A project whose settings bring many hooks with long commands: a tall trust question. */
async function manyHooks(folder: string): Promise<void> {
  const hook = (i: number) => ({
    hooks: [
      { type: "command", command: `echo hook-${i} ${"with a long command line ".repeat(4)}` },
    ],
  });
  const settings = {
    hooks: {
      PreToolUse: Array.from({ length: 14 }, (_, i) => ({ matcher: `Tool${i}`, ...hook(i) })),
    },
  };
  await mkdir(join(folder, ".claude"), { recursive: true });
  await writeFile(join(folder, ".claude", "settings.json"), JSON.stringify(settings));
}

describe("the questions before the REPL draw as it does", { timeout: 120_000 }, () => {
  for (const size of sizesToRun(2)) {
    it(`a trust question taller than the terminal keeps the scrollback (${size.cols}×${size.rows})`, async () => {
      await manyHooks(pty.dir);
      const server = await scriptedServer({ turns: [{ content: "unused" }] });
      const repl = pty.spawnAfterShell(SHELL_SCRIPT, [], anthropicEnv(server), size);
      await repl.waitFor(
        (s) => s.includes("No, start without what it would run"),
        "the trust question",
        60_000,
      );
      repl.write("1");
      await repl.waitFor((s) => s.includes(REPL_PROMPT), "the prompt", 60_000);
      expect(onceInOrder(repl.scrollback(), SHELL_LINES)).toBeUndefined();
      expect(occurrences(repl.output(), CLEAR_SCROLLBACK)).toBe(0);
      expect(occurrences(repl.output(), CLEAR_SCREEN)).toBe(0);
    });
  }
});
