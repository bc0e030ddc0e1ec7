import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseShellCommand } from "../../../src/tools/shell-parse/index.js";

// Every command name logs itself and its arguments, so bash's own reading can be compared
// with the parser's: defined functions for a, b, c and the not-found hook for anything else.
const LOGGER =
  'local s=$1; shift; for x in "$@"; do s="$s <$x>"; done; printf \'%s\\n\' "$s" >> "$LOG"';
const PRELUDE = [
  `command_not_found_handle() { ${LOGGER}; }`,
  ...["a", "b", "c"].map((name) => `${name}() { set -- ${name} "$@"; ${LOGGER}; }`),
  "",
].join("\n");

const simple = fc
  .tuple(
    fc.constantFrom("a", "b", "c"),
    fc.array(fc.constantFrom("x", "'y z'", '"q w"', "-n", "k\\ l", "m\\\n n", "e=f", "#h", "p#q"), {
      maxLength: 3,
    }),
  )
  .map(([name, args]) => [name, ...args].join(" "));
const part = fc.oneof(
  simple,
  simple.map((s) => `( ${s} )`),
  simple.map((s) => `{ ${s}; }`),
);
const operator = fc.constantFrom("&&", ";", "|", "\n", " \n ", " \n", " ; ", " | ", "&&\n", "|\n");

describe("the parser reads commands the way bash runs them", () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "keel-matches-bash-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("finds exactly the simple commands (and arguments) bash runs", async () => {
    const log = join(dir, "log");
    await fc.assert(
      fc.asyncProperty(
        fc.array(part, { minLength: 1, maxLength: 5 }),
        fc.array(operator, { minLength: 4, maxLength: 4 }),
        async (parts, operators) => {
          const command = parts.map((p, i) => (i === 0 ? p : `${operators[i - 1]} ${p}`)).join(" ");
          const parsed = await parseShellCommand(command);
          if (parsed.parseError) return; // refusing to judge is always safe
          await writeFile(log, "");
          const run = spawnSync("bash", ["-c", PRELUDE + command], {
            env: { LOG: log, PATH: process.env.PATH ?? "" },
            stdio: "ignore",
          });
          if (run.status !== 0) return; // bash rejected the syntax (the loggers always succeed)
          const ran = (await readFile(log, "utf8")).split("\n").filter(Boolean).sort();
          const found = parsed.commands
            .map((c) => c.argv.map((w, i) => (i === 0 ? w.value : ` <${w.value}>`)).join(""))
            .sort();
          expect(found).toEqual(ran);
        },
      ),
      { numRuns: 120 },
    );
  });
});
