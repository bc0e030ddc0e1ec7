import { existsSync, readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const corpus = path.resolve(repoRoot, "../shared/fixtures/claude-configs");
const missing = !existsSync(path.join(corpus, "SOURCES.md"));
if (missing) {
  console.warn(
    `claude-configs conformance: corpus missing at ${corpus}; not run: the real-world agents, commands, memory files, skills and output style loaded as Claude Code 2.1.332 loads them`,
  );
}

/** One row of SOURCES.md: its number, where the file is in the set, and its kind. */
interface Row {
  n: number;
  repo: string;
  file: string;
  kind: string;
}

function sourceRows(): Row[] {
  const text = readFileSync(path.join(corpus, "SOURCES.md"), "utf8");
  return text.split("\n").flatMap((line) => {
    const cells = line.split("|").map((cell) => cell.trim());
    const n = Number(cells[1]);
    if (!Number.isInteger(n) || n < 1) return [];
    const [repo, file] = (cells[2] ?? "").split(":") as [string, string];
    return [{ n, repo: repo.replace("/", "__"), file, kind: cells[4] ?? "" }];
  });
}

/**
 * What Claude Code 2.1.332 did with each file (SOURCES.md's last column), as keel must do it.
 * `agent`/`command`: listed in system/init under that name (or, `listed: false`, not at all);
 * `memory`: its text in the first request (`first: false`: not there, as Claude Code leaves
 * a nested, conditional or neighbouring file out); `skill`: listed; `style`: the session's
 * output style once settings name it.
 */
type Expectation =
  | { kind: "agent"; name: string; listed?: false }
  | { kind: "command"; name: string }
  | { kind: "memory"; first: boolean }
  | { kind: "skill"; name: string }
  | { kind: "style"; name: string };

const agent = (name: string, listed?: false): Expectation =>
  listed === false ? { kind: "agent", name, listed } : { kind: "agent", name };
const command = (name: string): Expectation => ({ kind: "command", name });
const memory = (first = true): Expectation => ({ kind: "memory", first });

const EXPECTED: Record<number, Expectation> = {
  7: memory(),
  8: agent("code-reviewer"),
  9: agent("github-workflow"),
  10: command("pr-review"),
  11: command("ticket"),
  12: command("onboard"),
  15: memory(),
  // AGENTS.md beside a CLAUDE.md that does not import it: Claude Code leaves it out.
  16: memory(false),
  17: agent("code-searcher"),
  18: agent("get-current-datetime"),
  19: agent("memory-bank-synchronizer"),
  20: command("ccusage:ccusage-daily"),
  21: command("security:security-audit"),
  22: command("anthropic:update-memory-bank"),
  24: memory(),
  25: agent("meta-agent"),
  26: agent("hello-world-agent"),
  27: agent("builder"),
  28: agent("validator"),
  29: agent("crypto-coin-analyzer-haiku"),
  30: command("all_tools"),
  31: command("git_status"),
  32: command("question"),
  33: command("plan_w_team"),
  34: command("prime"),
  39: command("cl:commit"),
  40: agent("codebase-analyzer"),
  41: agent("test-writer"),
  42: command("commit-push-pr"),
  43: command("dedupe"),
  44: command("triage-issue"),
  48: agent("code-reviewer"),
  49: agent("agent-creator", false),
  50: agent("silent-failure-hunter"),
  51: command("commit"),
  52: command("ralph-loop"),
  54: memory(),
  55: agent("codebase-locator"),
  56: agent("web-search-researcher"),
  57: command("create_worktree"),
  58: command("ralph_impl"),
  59: command("research_codebase"),
  61: command("generate-prp"),
  62: command("execute-prp"),
  63: memory(),
  65: agent("validation-gates"),
  66: agent("documentation-manager"),
  67: command("fix-github-issue"),
  69: agent("pydantic-ai-planner"),
  // Conditional rules: not in the first request (attached once a matching file is read).
  70: memory(false),
  71: command("prime"),
  76: memory(false),
  77: agent("code-reviewer"),
  78: memory(),
  79: memory(),
  80: memory(),
  81: memory(),
  82: memory(),
  83: memory(),
  84: memory(),
  85: agent("ai-docs-updater"),
  86: agent("docs-updater"),
  87: memory(false),
  88: memory(),
  89: memory(),
  90: memory(),
  91: memory(),
  92: memory(),
  93: memory(),
  115: { kind: "skill", name: "core-components" },
  116: { kind: "skill", name: "consult-zai" },
  117: { kind: "style", name: "Ultra Concise" },
  118: command("new-sdk-app"),
  119: command("build"),
  120: command("create-plan"),
  // Nested memory: attached after a file below it is read, not at start.
  121: memory(false),
};

/**
 * Where keel does not do what Claude Code did, on purpose or not yet: the row's expectation is
 * turned around (so the test notices when keel changes), and the reason said here.
 */
const KNOWN_DIFFERENCES: Record<number, string> = {
  16: "keel reads AGENTS.md beside CLAUDE.md as memory (design.md: CLAUDE.md / AGENTS.md); Claude Code 2.1.332 reads only what CLAUDE.md imports",
};

/** The kinds this file covers (settings and .mcp.json rows have tests of their own). */
const COVERED = /^(agent|command|memory|rules|skill|output style)/;

/**
 * Where a row's file goes in a fresh project: from its last `.claude/` on (so a file of a
 * nested example project is where that project has it); an agent, command or rule outside
 * any `.claude/` (a plugin's, a use case's) goes to the project's own folder of its kind.
 */
function placement(row: Row): string {
  const at = row.file.lastIndexOf(".claude/");
  const inClaude = at >= 0 ? row.file.slice(at) : undefined;
  if (inClaude?.startsWith(".claude/rules/")) return inClaude;
  if (row.kind === "rules") return `.claude/rules/${path.basename(row.file)}`;
  if (inClaude) return inClaude;
  const folder = { agent: "agents", command: "commands" }[row.kind];
  return folder ? `.claude/${folder}/${path.basename(row.file)}` : row.file;
}

/** The first request and system/init of keel -p in a project holding one repository's rows. */
interface RepoRun {
  init: { agents: string[]; slash_commands: string[]; skills: string[]; output_style: string };
  firstRequest: string;
}

let scratch: string | undefined;
afterEach(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
  scratch = undefined;
});

async function runRepo(rows: readonly Row[]): Promise<RepoRun> {
  scratch = await realpath(await mkdtemp(path.join(tmpdir(), "keel-claude-configs-files-")));
  const project = path.join(scratch, "project");
  const home = path.join(scratch, "home");
  await mkdir(home);
  const placed = new Set<string>();
  for (const row of rows) {
    const target = placement(row);
    expect(placed.has(target), `two rows of ${row.repo} placed at ${target}`).toBe(false);
    placed.add(target);
    await mkdir(path.dirname(path.join(project, target)), { recursive: true });
    await cp(path.join(corpus, row.repo, row.file), path.join(project, target));
  }
  // The imported files of row 78 live beside the repository's .claude folder.
  const docs = path.join(corpus, rows[0]!.repo, ".claude_docs");
  if (existsSync(docs)) await cp(docs, path.join(project, ".claude_docs"), { recursive: true });
  const style = rows.find((row) => EXPECTED[row.n]?.kind === "style");
  if (style) {
    const name = (EXPECTED[style.n] as { name: string }).name;
    await writeFile(
      path.join(project, ".claude", "settings.local.json"),
      JSON.stringify({ outputStyle: name }),
    );
  }
  const server = await scriptedServer({ turns: [{ content: "ok" }] });
  const run = await runKeel(["-p", "hi", "--output-format", "stream-json", "--verbose"], {
    cwd: project,
    env: { ...anthropicEnv(server), HOME: home, KEEL_CONFIG_DIR: path.join(home, ".keel") },
  });
  expect(run.code, run.stderr).toBe(0);
  const init = JSON.parse(run.stdout.split("\n")[0] ?? "{}") as RepoRun["init"];
  expect(server.violations).toEqual([]);
  return { init, firstRequest: JSON.stringify(server.requests[0]?.body) };
}

/** A line of a memory file that only it has: its longest line that is plain text. */
function telltale(file: string): string {
  const lines = readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 20 && !line.startsWith("@") && !line.startsWith("<!--"));
  const longest = lines.reduce((a, b) => (b.length > a.length ? b : a), "");
  return JSON.stringify(longest).slice(1, -1);
}

/** The opposite of a memory expectation (the only kind with a known difference so far). */
function turnedAround(expectation: Expectation): Expectation {
  if (expectation.kind !== "memory") throw new Error(`no opposite of a ${expectation.kind} row`);
  return { kind: "memory", first: !expectation.first };
}

function check(row: Row, expectation: Expectation, run: RepoRun): void {
  const { init, firstRequest } = run;
  switch (expectation.kind) {
    case "agent":
      if (expectation.listed === false) expect(init.agents).not.toContain(expectation.name);
      else expect(init.agents).toContain(expectation.name);
      return;
    case "command":
      expect(init.slash_commands).toContain(expectation.name);
      return;
    case "memory": {
      const line = telltale(path.join(corpus, row.repo, row.file));
      if (expectation.first) expect(firstRequest).toContain(line);
      else expect(firstRequest).not.toContain(line);
      return;
    }
    case "skill":
      expect(init.skills).toContain(expectation.name);
      return;
    case "style":
      expect(init.output_style).toBe(expectation.name);
      expect(firstRequest).toContain(telltale(path.join(corpus, row.repo, row.file)));
      return;
  }
}

describe.skipIf(missing)(
  "real-world Claude Code files, loaded as Claude Code 2.1.332 loads them",
  () => {
    const rows = missing ? [] : sourceRows().filter((row) => COVERED.test(row.kind));
    const repos = [...new Set(rows.map((row) => row.repo))];

    it("every agent, command, memory, rules, skill and output style row has an expectation", async () => {
      expect(rows.map((row) => row.n).sort((a, b) => a - b)).toEqual(
        Object.keys(EXPECTED)
          .map(Number)
          .sort((a, b) => a - b),
      );
      // And the set is the one SOURCES.md lists (no file missing from the folder).
      for (const row of rows) expect(existsSync(path.join(corpus, row.repo, row.file))).toBe(true);
      expect((await readdir(corpus)).length).toBeGreaterThan(30);
    });

    it.each(repos)("%s", { timeout: 60_000 }, async (repo) => {
      const own = rows.filter((row) => row.repo === repo);
      const run = await runRepo(own);
      const failed: string[] = [];
      for (const row of own) {
        const expectation = EXPECTED[row.n]!;
        const known = KNOWN_DIFFERENCES[row.n];
        try {
          check(row, known ? turnedAround(expectation) : expectation, run);
        } catch (error) {
          const said = (error as Error).message.split("\n")[0];
          failed.push(`row ${row.n} (${row.file}): ${said}${known ? ` [known: ${known}]` : ""}`);
        }
      }
      expect(failed).toEqual([]);
    });
  },
);

/** Rows whose text Claude Code attaches once a file they cover is read: the file to read. */
const ATTACHED_AFTER_READ: Record<number, string> = {
  70: "src/cart.test.ts",
  76: "posthog/migrations/0001_initial.py",
  87: "docs/app/CURRENT.md",
  121: "hld/main.go",
};

describe.skipIf(missing)("conditional rules and nested memory, attached after a read", () => {
  const rows = missing ? [] : sourceRows().filter((row) => row.n in ATTACHED_AFTER_READ);

  it.each(rows.map((row) => [row.n, row] as const))(
    "row %i",
    { timeout: 60_000 },
    async (_, row) => {
      scratch = await realpath(await mkdtemp(path.join(tmpdir(), "keel-claude-configs-read-")));
      const project = path.join(scratch, "project");
      const home = path.join(scratch, "home");
      await mkdir(home);
      const target = path.join(project, placement(row));
      await mkdir(path.dirname(target), { recursive: true });
      await cp(path.join(corpus, row.repo, row.file), target);
      const read = path.join(project, ATTACHED_AFTER_READ[row.n]!);
      await mkdir(path.dirname(read), { recursive: true });
      await writeFile(read, "// a file the rule covers\n");
      const server = await scriptedServer({
        turns: [
          { content: [{ type: "tool_use", name: "Read", input: { file_path: read } }] },
          { content: "ok" },
        ],
      });
      const run = await runKeel(["-p", "look"], {
        cwd: project,
        env: { ...anthropicEnv(server), HOME: home, KEEL_CONFIG_DIR: path.join(home, ".keel") },
      });
      expect(run.code, run.stderr).toBe(0);
      const line = telltale(path.join(corpus, row.repo, row.file));
      expect(JSON.stringify(server.requests[0]?.body)).not.toContain(line);
      expect(JSON.stringify(server.requests[1]?.body)).toContain(line);
      expect(server.violations).toEqual([]);
    },
  );
});
