import { existsSync, readFileSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { inspectSettings, loadSettings } from "../../src/config/settings/load.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const corpus = path.resolve(repoRoot, "../shared/fixtures/claude-configs");
const missing = !existsSync(path.join(corpus, "SOURCES.md"));
if (missing) {
  console.warn(
    `claude-configs conformance: corpus missing at ${corpus}; not run: the real-world settings files loaded under contracts §12`,
  );
}

/** A settings file of the set, and where a user keeps it. */
interface Row {
  file: string;
  place: "user" | "project" | "local";
}

/** The settings rows of SOURCES.md: `| # | owner/repo:path | commit | kind | …`. */
function settingsRows(): Row[] {
  const text = readFileSync(path.join(corpus, "SOURCES.md"), "utf8");
  return text.split("\n").flatMap((line) => {
    const cells = line.split("|").map((cell) => cell.trim());
    const [source, kind] = [cells[2] ?? "", cells[4] ?? ""];
    if (!kind.startsWith("settings")) return [];
    const [repo, file] = source.split(":") as [string, string];
    const place =
      kind === "settings (user)" ? "user" : kind === "settings.local" ? "local" : "project";
    return [{ file: `${repo.replace("/", "__")}/${file}`, place }];
  });
}

const noEffect = (...keys: string[]) => keys.map((key) => [key, "no-effect"]);

/**
 * What contracts §12 has keel say of each file (key and effect, in file order); every other
 * file loads without a word. None stops keel: Claude Code runs them all.
 */
const EXPECTED: Record<string, string[][]> = {
  "00riddle00__dotfiles/.claude/settings.json": noEffect("theme"),
  "01-mu__dotfiles/.claude/settings.json": [["systemPrompt", "skipped"]],
  "01O10__agent-engineering-playbook/.claude/settings.json": [["search", "skipped"]],
  "0443n__configs/.claude/settings.json": noEffect("theme", "tui"),
  "0xAndoroid__dotfiles/claude/settings.json": noEffect("forceLoginMethod"),
  "9999years__dotfiles/claude/settings.json": [
    ["permissions.allow[1]", "skipped"],
    ...noEffect("skipAutoPermissionPrompt"),
  ],
  "ArloL__dotfiles/claude/settings.json": noEffect("autoUpdatesChannel", "voiceEnabled"),
  "anthropics__claude-code/examples/settings/settings-bash-sandbox.json": noEffect(
    "allowManagedPermissionRulesOnly",
  ),
  "anthropics__claude-code/examples/settings/settings-lax.json":
    noEffect("strictKnownMarketplaces"),
  "anthropics__claude-code/examples/settings/settings-strict.json": noEffect(
    "allowManagedPermissionRulesOnly",
    "allowManagedHooksOnly",
    "strictKnownMarketplaces",
  ),
  "tldraw__tldraw/.claude/settings.json": noEffect("spinnerVerbs"),
};

let base: string | undefined;
afterEach(async () => {
  if (base) await rm(base, { recursive: true, force: true });
  base = undefined;
});

/** Copies one file to where its owner keeps it, in a fresh home and project. */
async function placed(row: Row) {
  base = await mkdtemp(path.join(tmpdir(), "keel-claude-configs-"));
  const roots = {
    home: path.join(base, "home"),
    stateDir: path.join(base, "home/.keel"),
    cwd: path.join(base, "proj"),
  };
  const target = {
    user: path.join(roots.home, ".claude/settings.json"),
    project: path.join(roots.cwd, ".claude/settings.json"),
    local: path.join(roots.cwd, ".claude/settings.local.json"),
  }[row.place];
  await mkdir(path.dirname(target), { recursive: true });
  await copyFile(path.join(corpus, row.file), target);
  return { roots, target };
}

describe.skipIf(missing)("real-world Claude Code settings files under contracts §12", () => {
  const rows = missing ? [] : settingsRows();

  it("the set holds the settings files this test expects", () => {
    expect(rows.length).toBe(35);
    for (const file of Object.keys(EXPECTED)) expect(rows.map((r) => r.file)).toContain(file);
  });

  it.each(rows.map((row) => [row.file, row] as const))("%s", async (file, row) => {
    const { roots, target } = await placed(row);
    const inspection = await inspectSettings(roots);
    const said = inspection.problems.map((p) => [p.key, p.effect]);
    expect(said).toEqual(EXPECTED[file] ?? []);
    for (const problem of inspection.problems) expect(problem.file).toBe(target);
    // It loads, and no deny rule it wrote is lost.
    const settings = await loadSettings(roots);
    const written = JSON.parse(await readFile(target, "utf8")) as {
      permissions?: { deny?: string[] };
    };
    const denied = settings.rules.filter((r) => r.behavior === "deny").map((r) => r.text);
    expect(denied).toEqual(expect.arrayContaining(written.permissions?.deny ?? []));
    expect(settings.warnings).toHaveLength(inspection.problems.length);
  });
});
