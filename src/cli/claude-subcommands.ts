/**
 * Claude Code 2.1.332's subcommands keel does not have, and why each cannot run here: keel
 * exits 1 with one line (contracts §2) instead of taking the word as a prompt.
 */
export const UNAVAILABLE_SUBCOMMANDS: Readonly<Record<string, string>> = {
  agents:
    "keel reads .claude/agents/*.md; /agents in the REPL lists, creates, edits and deletes them",
  auth: "keel uses ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN, not a claude.ai login",
  "setup-token": "keel uses ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN, not a claude.ai login",
  install: "install keel with npm (README: Install)",
  update: "update keel with npm",
  upgrade: "update keel with npm",
  "migrate-installer": "install keel with npm (README: Install)",
};

/** The one line for a Claude Code subcommand keel lacks, or undefined for any other word. */
export function unavailableSubcommand(word: string | undefined): string | undefined {
  if (word === undefined || !Object.hasOwn(UNAVAILABLE_SUBCOMMANDS, word)) return undefined;
  return `claude ${word} is not available in keel (${UNAVAILABLE_SUBCOMMANDS[word]})`;
}
