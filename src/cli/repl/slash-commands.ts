/** A slash command the REPL knows. */
export type SlashCommandName = "help" | "clear" | "compact" | "cost" | "model" | "mcp" | "exit";

/** A line that starts with `/`, parsed. */
export type SlashCommand =
  | { kind: "known"; name: SlashCommandName; args: string }
  | { kind: "unknown"; name: string };

/** The commands with what each does, in the order /help lists them. */
export const SLASH_COMMANDS: ReadonlyArray<{ name: SlashCommandName; help: string }> = [
  { name: "help", help: "show the commands and keys" },
  { name: "clear", help: "start a new conversation (a fresh session)" },
  { name: "compact", help: "summarise the conversation to free context: /compact [instructions]" },
  { name: "cost", help: "show what this session has spent, per model" },
  { name: "model", help: "show the model, or switch it: /model <name|alias|default>" },
  { name: "mcp", help: "list the MCP servers, their status and their tools" },
  { name: "exit", help: "leave keel" },
];

const ALIASES: Readonly<Record<string, SlashCommandName>> = { quit: "exit", reset: "clear" };

/** Parses a prompt that is a slash command; undefined for an ordinary prompt. */
export function parseSlashCommand(text: string): SlashCommand | undefined {
  const match = /^\/([A-Za-z][\w-]*)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return undefined;
  const word = (match[1] ?? "").toLowerCase();
  const args = (match[2] ?? "").trim();
  const name = ALIASES[word] ?? SLASH_COMMANDS.find((c) => c.name === word)?.name;
  return name ? { kind: "known", name, args } : { kind: "unknown", name: word };
}

/** The /help text: the commands and the keys. */
export function helpText(): string {
  const commands = SLASH_COMMANDS.map((c) => `  /${c.name.padEnd(8)} ${c.help}`);
  return [
    "Commands:",
    ...commands,
    "Keys:",
    "  Enter submits · Shift+Enter, Alt+Enter or \\ then Enter adds a line · ↑/↓ history",
    "  Esc interrupts the running turn · Ctrl+C clears or interrupts, twice to exit",
  ].join("\n");
}
