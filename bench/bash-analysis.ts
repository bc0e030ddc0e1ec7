// The permission decision for one Bash call, before and after issue 22's shell analysis, in
// the same run: the baseline's sources are checked out into a git worktree and loaded beside
// the current ones, and each round times every command of the everyday corpus (and a few
// attacks) through both engines' `decide`, the order alternated round by round.
// Usage: npm run bench:analysis -- [--baseline <git ref>] [--runs ≥ 5]
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { makeToolUseContext } from "../test/helpers/tool-context.js";
import { EVERYDAY } from "../test/security/everyday/corpus.js";
import { machineFacts } from "./lib/machine.js";
import { writeJson, writeSection } from "./lib/results-file.js";
import { median, round } from "./lib/stats.js";
import { markdownTable } from "./lib/tools-table.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The last commit before the shell analysis of issue 22. */
const DEFAULT_BASELINE = "6c62fea";

const ATTACKS = [
  "printf -v 'x[$(touch P)]' 1",
  "tree -Lo 1 F",
  "cat secre*/key",
  "env -S 'rm README.md'",
  "find . -name '*.ts' -exec rm {} +",
  "GIT_EXTERNAL_DIFF='touch P' git diff --ext-diff",
  "echo x > .gi?/config",
  "cd src && cat ../../outside/file.txt",
];

interface Engine {
  decide(
    tool: unknown,
    input: Record<string, unknown>,
    context: unknown,
  ): Promise<{ behavior: string }>;
}

interface Side {
  name: string;
  engine: Engine;
  tool: unknown;
}

/** Loads one source tree's engine, settings merge, Bash tool and shell parser. */
async function loadSide(name: string, src: string, project: string, state: string): Promise<Side> {
  const load = (path: string) => import(pathToFileURL(join(src, path)).href);
  const { createPermissionEngine } = await load("policy/engine.ts");
  const { mergeSettingsLayers } = await load("config/settings/merge.ts");
  const { createBashTool } = await load("tools/builtin/bash/bash-tool.ts");
  const { loadShellParser } = await load("tools/shell-parse/index.ts");
  await loadShellParser();
  const settings = mergeSettingsLayers([], { home: state, stateDir: state, cwd: project });
  const env = { HOME: state, PATH: process.env.PATH };
  const engine = createPermissionEngine({
    settings,
    cwd: project,
    stateDir: state,
    home: state,
    env,
  });
  const tool = createBashTool({
    cwd: project,
    sessionDir: join(state, "session"),
    stateDir: state,
    env,
  });
  return { name, engine, tool };
}

async function makeProject(base: string): Promise<string> {
  const project = join(base, "project");
  const files: Record<string, string> = {
    "package.json": '{"name":"demo","scripts":{"test":"vitest"}}\n',
    "README.md": "# demo\nTODO: more\n",
    "data.csv": "name,count\nalpha,3\n",
    "notes.txt": "notes\n",
    "src/index.ts": "export const x = 1;\n",
    "src/util.ts": "export const y = 2;\n",
    "test/a.test.ts": "// test\n",
    "secrets/key": "k\n",
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(project, path)), { recursive: true });
    await writeFile(join(project, path), text);
  }
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=b", "-c", "user.email=b@x", ...args], { cwd: project });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-q", "-m", "one");
  return project;
}

/** Microseconds per decide() over the commands, for one side. */
async function timeSide(
  side: Side,
  commands: readonly string[],
  context: unknown,
): Promise<number> {
  const start = process.hrtime.bigint();
  for (const command of commands) await side.engine.decide(side.tool, { command }, context);
  return Number(process.hrtime.bigint() - start) / 1000 / commands.length;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      baseline: { type: "string", default: DEFAULT_BASELINE },
      runs: { type: "string", default: "9" },
    },
  });
  const runs = Math.max(5, Number(values.runs) || 9);
  const base = await realpath(await mkdtemp(join(tmpdir(), "keel-bench-analysis-")));
  const worktree = join(base, "baseline");
  execFileSync("git", ["worktree", "add", "--detach", "-q", worktree, values.baseline as string], {
    cwd: ROOT,
  });
  try {
    await symlink(join(ROOT, "node_modules"), join(worktree, "node_modules"));
    const project = await makeProject(base);
    const state = join(base, "state");
    await mkdir(state, { recursive: true });
    const sides = [
      await loadSide(`baseline (${values.baseline})`, join(worktree, "src"), project, state),
      await loadSide("this tree", join(ROOT, "src"), project, state),
    ];
    const commands = [...EVERYDAY.map((e) => e.command), ...ATTACKS];
    const context = makeToolUseContext({ cwd: project });
    for (const side of sides) await timeSide(side, commands, context); // warm up
    const perCall = sides.map(() => [] as number[]);
    for (let run = 0; run < runs; run++) {
      const order = run % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) perCall[i]?.push(await timeSide(sides[i] as Side, commands, context));
    }
    const allowedOf = async (side: Side, list: readonly string[]) => {
      let count = 0;
      for (const command of list) {
        if ((await side.engine.decide(side.tool, { command }, context)).behavior === "allow")
          count++;
      }
      return count;
    };
    const everyday = EVERYDAY.map((e) => e.command);
    const allowed = await Promise.all(
      sides.map(async (side) => ({
        everyday: await allowedOf(side, everyday),
        attacks: await allowedOf(side, ATTACKS),
      })),
    );
    const [before, after] = perCall.map(median) as [number, number];
    const facts = machineFacts();
    const table = markdownTable(
      [
        "Engine",
        "µs per Bash decision (median of runs)",
        "Everyday commands allowed",
        "Attacks allowed (no rules, so only read-only ones count)",
      ],
      sides.map((side, i) => [
        side.name,
        String(round(median(perCall[i] ?? []), 0)),
        `${allowed[i]?.everyday} of ${everyday.length}`,
        `${allowed[i]?.attacks} of ${ATTACKS.length}`,
      ]),
    );
    const body = [
      "## Bash permission analysis per call (`npm run bench:analysis`)",
      "",
      `${facts.date.slice(0, 10)} · node ${facts.node} · ${facts.cpus} CPUs (load ${facts.loadAverage1m}) · median of ${runs} runs · ${commands.length} commands: the everyday corpus (test/security/everyday) and ${ATTACKS.length} attacks, each decided by the permission engine in default mode (parse, effects, read-only verdict, rules)`,
      "",
      `After / before: ${round(after / before, 2)}×. The decision now expands globs against the folder, follows links and reads each program's option grammar; it stays under a millisecond, against the 5–10 ms it takes to start the shell that runs the command. The attacks are issue 22's examples (\`cat secre*/key\`, with no deny rule, is a read inside the project and rightly allowed).`,
      "",
      table,
    ].join("\n");
    console.log(body);
    await writeSection(join(ROOT, "bench/results.md"), "bash-analysis", body);
    await writeJson(join(ROOT, "bench/results/bash-analysis.json"), {
      runs,
      perCall,
      allowed,
      commands: commands.length,
    });
  } finally {
    execFileSync("git", ["worktree", "remove", "--force", worktree], { cwd: ROOT });
    await rm(base, { recursive: true, force: true });
  }
}

await main();
