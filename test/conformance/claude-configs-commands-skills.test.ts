import { existsSync, readFileSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, realpath, rm } from "node:fs/promises";
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
    `claude-configs conformance: corpus missing at ${corpus}; not run: the real-world commands and skills run from keel -p`,
  );
}

/** A command or skill file of the set: where it is, and the `/name` it runs as. */
interface Row {
  file: string;
  kind: "command" | "skill";
  /** Its place under the project's `.claude/`. */
  target: string;
  name: string;
}

function rowOf(source: string, kind: string): Row[] {
  const [repo, file] = source.split(":") as [string, string];
  const local = `${repo.replace("/", "__")}/${file}`;
  if (kind === "skill") {
    const dir = path.basename(path.dirname(file));
    return [{ file: local, kind, target: `skills/${dir}/SKILL.md`, name: dir }];
  }
  if (kind !== "command") return [];
  // `.claude/commands/cl/commit.md` is /cl:commit; a plugin's or an example's command is copied
  // into `.claude/commands/` as it is.
  const under = file.includes(".claude/commands/")
    ? file.slice(file.indexOf(".claude/commands/") + ".claude/commands/".length)
    : path.basename(file);
  const name = under.slice(0, -".md".length).split("/").join(":").toLowerCase();
  return [{ file: local, kind, target: `commands/${under}`, name }];
}

/** The command and skill rows of SOURCES.md: `| # | owner/repo:path | commit | kind | …`. */
function rows(): Row[] {
  const text = readFileSync(path.join(corpus, "SOURCES.md"), "utf8");
  return text.split("\n").flatMap((line) => {
    const cells = line.split("|").map((cell) => cell.trim());
    return rowOf(cells[2] ?? "", cells[4] ?? "");
  });
}

/**
 * The files whose !`command` lines keel does not run from keel -p because their allowed-tools
 * do not cover them (Claude Code's rule, contracts §6): the prompt is refused, nothing is sent.
 */
const REFUSED: Record<string, string> = {
  "anthropics__claude-code/.claude/commands/commit-push-pr.md":
    "keel: /commit-push-pr was not sent: !`git diff HEAD` needs Bash permission",
  "anthropics__claude-code/plugins/commit-commands/commands/commit.md":
    "keel: /commit was not sent: !`git diff HEAD` needs Bash permission",
  "coleam00__context-engineering-intro/use-cases/ai-coding-wisc-framework/.claude/commands/prime.md":
    "keel: /prime was not sent: !`ls packages/` needs Bash permission",
};

/**
 * Files with hooks of their own (run from the command's start, as Claude Code runs them) whose
 * commands need `uv`, which this machine lacks: their Stop hooks fail without blocking, and
 * keel says so on stderr, one line a hook.
 */
const HOOKS_NEED_UV: ReadonlySet<string> = new Set([
  "disler__claude-code-hooks-mastery/.claude/commands/plan_w_team.md",
]);
const UV_HOOK_FAILED = "keel: Stop hook error: [uv run ";

/** A line of the file's body the expansion keeps as written (no placeholders, no !`…`, no @). */
function keptLine(text: string): string {
  const body = text.replace(/^---\r?\n[\s\S]*?\r?\n---[ \t]*\r?\n/, "");
  const line = body
    .split(/\r?\n/)
    .map((l) => l.trim())
    .find((l) => l.length > 12 && !/[$@\\]|!`/.test(l));
  if (!line) throw new Error("no plain line in the body");
  return line;
}

let base: string | undefined;
afterEach(async () => {
  if (base) await rm(base, { recursive: true, force: true });
  base = undefined;
});

describe.skipIf(missing)("real-world commands and skills run from keel -p", () => {
  const all = missing ? [] : rows();

  it("the set holds the commands and skills this test expects", () => {
    expect(all.filter((r) => r.kind === "skill").map((r) => r.name)).toEqual([
      "core-components",
      "consult-zai",
    ]);
    expect(all.filter((r) => r.kind === "command").length).toBeGreaterThanOrEqual(27);
  });

  it.each(all.map((row) => [`/${row.name} (${row.file})`, row] as const))("%s", async (_, row) => {
    base = await realpath(await mkdtemp(path.join(tmpdir(), "keel-claude-commands-")));
    const target = path.join(base, ".claude", row.target);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(corpus, row.file), target);
    const server = await scriptedServer({ turns: [{ content: "ok" }] });
    const keel = await runKeel(["-p", `/${row.name} src/app.ts`], {
      cwd: base,
      env: anthropicEnv(server),
    });
    expect(server.violations).toEqual([]);
    const refusal = REFUSED[row.file];
    if (refusal !== undefined) {
      expect(keel.code).toBe(1);
      expect(keel.stderr).toContain(refusal);
      expect(server.requests).toHaveLength(0);
      return;
    }
    if (HOOKS_NEED_UV.has(row.file)) {
      // The command's own hooks ran: each failed on the missing uv, and nothing else was said.
      const lines = keel.stderr.split("\n").filter((line) => line !== "");
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.filter((line) => !line.startsWith(UV_HOOK_FAILED))).toEqual([]);
    } else {
      expect(keel.stderr).toBe("");
    }
    expect(keel.code).toBe(0);
    const sent = JSON.stringify(server.requests[0]?.body);
    const line = keptLine(await readFile(target, "utf8"));
    expect(sent).toContain(JSON.stringify(line).slice(1, -1));
    expect(sent).not.toContain(`/${row.name} src/app.ts`);
  });
});
