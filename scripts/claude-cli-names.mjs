#!/usr/bin/env node
// The flag and subcommand names Claude Code 2.1.332 accepts, as the list
// test/fixtures/claude-cli-names.json that test/cli/claude-cli-coverage.test.ts checks keel
// against (contracts §2 and §12). Two sources:
//   - `claude --help` (2.1.332): its "Options:" flags and "Commands:" names, read from a saved
//     copy of the help text given as the first argument (`claude --help > help.txt`);
//   - CLI-PROTOCOL.md §3: the hidden flags the Agent SDK passes (every `--flag` in its argv
//     table), read from ../shared/protocol (or $KEEL_SHARED_DIR/protocol).
// Without a help text the help-derived names already in the list are kept and only the §3 part
// is derived again. Only the names are committed, never the help text.
// Usage: node scripts/claude-cli-names.mjs [help.txt] > test/fixtures/claude-cli-names.json
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const listPath = join(root, "test/fixtures/claude-cli-names.json");
const shared = process.env.KEEL_SHARED_DIR ?? join(root, "../shared");
const protocolPath = join(shared, "protocol/agent-sdk/CLI-PROTOCOL.md");

/** Placeholders of §3's prose and extraArgs example, not flags. */
const PLACEHOLDERS = new Set(["--flag", "--k", "--k2", "--k3"]);

/** The long and short names of an option line such as `  -d, --debug [filter]  …`. */
function optionNames(line) {
  const spec = line.trim().split(/\s{2,}/)[0];
  return spec
    .split(/,\s*/)
    .map((part) => part.split(/[\s=<[]/)[0])
    .filter((name) => /^--?[A-Za-z0-9][\w-]*$/.test(name));
}

/** The help text's options (each with its aliases) and commands (`update|upgrade` both). */
function fromHelp(text) {
  const names = [];
  let section = "";
  for (const line of text.split("\n")) {
    if (/^\S/.test(line)) section = line.trim().replace(/:$/, "");
    else if (section === "Options" && /^\s+-/.test(line)) {
      const aliases = optionNames(line);
      for (const name of aliases) names.push({ name, kind: "flag", source: "help", aliases });
    } else if (section === "Commands" && /^\s+[a-z]/.test(line)) {
      const spec = line.trim().split(/\s+/)[0];
      for (const name of spec.split("|")) names.push({ name, kind: "subcommand", source: "help" });
    }
  }
  return names.filter((entry) => entry.name !== "help");
}

/** Every `--flag` in the argv table of CLI-PROTOCOL.md §3. */
function fromProtocol(text) {
  const section = text.split(/\n## /).find((part) => part.startsWith("3. argv"));
  if (!section) throw new Error(`no "## 3. argv" section in ${protocolPath}`);
  const rows = section
    .split("\n")
    .filter((line) => /^\| [^-]/.test(line) && !line.startsWith("| option"));
  const flags = new Set();
  for (const row of rows) {
    const argv = row.split("|")[2] ?? "";
    for (const match of argv.matchAll(/--[a-zA-Z][\w-]*/g)) {
      if (!PLACEHOLDERS.has(match[0])) flags.add(match[0]);
    }
  }
  return [...flags].map((name) => ({ name, kind: "flag", source: "cli-protocol" }));
}

function keptHelpNames() {
  if (!existsSync(listPath)) return [];
  return JSON.parse(readFileSync(listPath, "utf8")).names.filter((n) => n.source === "help");
}

const helpPath = process.argv[2];
const help = helpPath ? fromHelp(readFileSync(helpPath, "utf8")) : keptHelpNames();
const protocol = fromProtocol(readFileSync(protocolPath, "utf8"));
const seen = new Set(help.map((entry) => `${entry.kind}:${entry.name}`));
const names = [
  ...help,
  ...protocol.filter((entry) => !seen.has(`${entry.kind}:${entry.name}`)),
].map(({ name, kind, source }) => ({ name, kind, source }));
names.sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
process.stdout.write(`${JSON.stringify({ claudeCodeVersion: "2.1.332", names }, null, 2)}\n`);
