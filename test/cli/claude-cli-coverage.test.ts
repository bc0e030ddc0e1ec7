import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { NO_EFFECT_FLAGS } from "../../src/cli/claude-flags.js";
import { UNAVAILABLE_SUBCOMMANDS } from "../../src/cli/claude-subcommands.js";
import { mainCommand } from "../../src/cli/options.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

/**
 * Claude Code 2.1.332's flag and subcommand names (scripts/claude-cli-names.mjs made the list
 * from its --help and CLI-PROTOCOL.md §3). Each must be implemented by keel's command line,
 * declared to have no effect, refused until its issue lands, or a subcommand keel has or
 * refuses in one line (contracts §2, §12).
 */
const list = JSON.parse(
  readFileSync(new URL("../fixtures/claude-cli-names.json", import.meta.url), "utf8"),
) as { names: { name: string; kind: "flag" | "subcommand" }[] };

/** keel's own subcommands with Claude Code's names. */
const KEEL_SUBCOMMANDS = ["mcp", "doctor", "plugin", "plugins"];

const commandFlags = mainCommand(() => {}).options.flatMap((o) => [o.short, o.long]);
const declared = (flags: string) => flags.split(/[ ,]+/).filter((word) => word.startsWith("-"));
const noEffect = new Set(NO_EFFECT_FLAGS.flatMap(({ flags }) => declared(flags)));
const builtIn = new Set(["-h", "--help", "-v", "--version"]);

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("Claude Code's command line, name by name", () => {
  it("every flag is implemented or accepted without effect", () => {
    const flags = list.names.filter((n) => n.kind === "flag").map((n) => n.name);
    expect(flags.length).toBeGreaterThan(60);
    const uncovered = flags.filter((name) => !builtIn.has(name) && !commandFlags.includes(name));
    expect(uncovered).toEqual([]);
    const implemented = flags.filter((name) => !noEffect.has(name));
    expect(implemented).toContain("--permission-mode");
  });

  it("every subcommand is keel's own or one that exits 1 saying so", () => {
    const words = list.names.filter((n) => n.kind === "subcommand").map((n) => n.name);
    const unknown = words.filter(
      (word) => !KEEL_SUBCOMMANDS.includes(word) && !Object.hasOwn(UNAVAILABLE_SUBCOMMANDS, word),
    );
    expect(unknown).toEqual([]);
  });
});

describe("through keel", () => {
  it("a Claude Code subcommand keel lacks exits 1 with one line", async () => {
    for (const word of ["update", "setup-token", "install", "auth"]) {
      const run = await runKeel([word]);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `keel: claude ${word} is not available in keel (${UNAVAILABLE_SUBCOMMANDS[word]})\n`,
      );
    }
  });

  it("no-effect flags run the prompt and are each named once on stderr", async () => {
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const args = [
      "-p",
      "hi",
      "--ide",
      "--chrome",
      "--tmux",
      "--mcp-debug",
      "--managed-settings",
      "{}",
    ];
    args.push("--project-config-root", "/x", "--await-initialize", "--permission-prompts", "host");
    const run = await runKeel(args, { env: anthropicEnv(server) });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Hello.\n");
    const lines = run.stderr.trim().split("\n");
    for (const flag of ["--ide", "--chrome", "--tmux", "--mcp-debug", "--managed-settings"]) {
      expect(
        lines.filter((line) => line.startsWith(`keel: ${flag} has no effect in keel (`)),
      ).toHaveLength(1);
    }
    expect(lines).toHaveLength(8);
    expect(server.violations).toEqual([]);
  });

  it("--permission-mode manual is default; auto starts in default and says so", async () => {
    const server = await scriptedServer({
      turns: [
        {
          content: [
            { type: "tool_use", name: "Write", input: { file_path: "a.txt", content: "x" } },
          ],
        },
        { content: "Done." },
        { content: "Hello." },
      ],
    });
    const cwd = mkdtempSync(join(tmpdir(), "keel-mode-"));
    dirs.push(cwd);
    const manual = await runKeel(
      ["-p", "write", "--permission-mode", "manual", "--output-format", "json"],
      {
        env: anthropicEnv(server),
        cwd,
      },
    );
    expect(manual.code).toBe(0);
    expect(JSON.parse(manual.stdout).permission_denials).toHaveLength(1);
    const auto = await runKeel(["-p", "hi", "--permission-mode", "auto"], {
      env: anthropicEnv(server),
      cwd,
    });
    expect(auto.stderr).toBe("");
    expect(auto.code).toBe(0);
  });

  it("--system-prompt-file and --append-system-prompt-file send the files' text", async () => {
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const dir = mkdtempSync(join(tmpdir(), "keel-prompt-"));
    dirs.push(dir);
    writeFileSync(join(dir, "system.md"), "You are a pirate.");
    writeFileSync(join(dir, "more.md"), "Always say arr.");
    const run = await runKeel(
      [
        "-p",
        "hi",
        "--system-prompt-file",
        join(dir, "system.md"),
        "--append-system-prompt-file",
        join(dir, "more.md"),
      ],
      { env: anthropicEnv(server) },
    );
    expect(run.code).toBe(0);
    const system = JSON.stringify(server.requests[0]?.body);
    expect(system).toContain("You are a pirate.");
    expect(system).toContain("Always say arr.");
    const missing = await runKeel(["-p", "hi", "--system-prompt-file", join(dir, "none.md")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      `keel: --system-prompt-file: cannot read ${join(dir, "none.md")}: ENOENT\n`,
    );
  });
});
