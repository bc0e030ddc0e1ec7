import type { UserCommand } from "./commands/command-file.js";

/** A slash command the REPL knows. */
type SlashCommandName =
  | "help"
  | "clear"
  | "compact"
  | "cost"
  | "context"
  | "init"
  | "export"
  | "model"
  | "plan"
  | "status"
  | "permissions"
  | "sandbox"
  | "memory"
  | "dream"
  | "rewind"
  | "resume"
  | "mcp"
  | "skills"
  | "agents"
  | "plugin"
  | "workflows"
  | "add-dir"
  | "config"
  | "output-style"
  | "hooks"
  | "tasks"
  | "rename"
  | "exit";

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
  {
    name: "context",
    help: "show what fills the context window: system prompt, tools, memory, skills, messages, free space",
  },
  {
    name: "export",
    help: "write the conversation as text: /export <file> (in the working folder), or /export to copy it or save it",
  },
  { name: "init", help: "have the model write or improve CLAUDE.md from the repository" },
  { name: "model", help: "show the model, or switch it: /model <name|alias|default>" },
  {
    name: "plan",
    help: "turn plan mode on (read and plan, change nothing until you approve); /plan <prompt> also sends it",
  },
  { name: "status", help: "show model, session, folder, mode, settings, memory, MCP and cost" },
  { name: "permissions", help: "list the rules; /permissions allow|deny <rule> adds one" },
  {
    name: "sandbox",
    help: "show the Bash sandbox; /sandbox auto-allow|regular|off switches it (saved locally)",
  },
  {
    name: "memory",
    help: "open a memory file (CLAUDE.md) in $VISUAL/$EDITOR; /memory list lists those loaded; /memory auto [on|off] shows or switches auto memory",
  },
  {
    name: "dream",
    help: "tidy the auto memory now: merge duplicates, drop what is stale (backed up first)",
  },
  { name: "rewind", help: "go back to before an earlier prompt (files and conversation)" },
  { name: "resume", help: "switch to an earlier session of this project" },
  { name: "mcp", help: "list the MCP servers, their status and their tools" },
  { name: "skills", help: "list the skills, and who may start each (you, the model)" },
  {
    name: "agents",
    help: "list the agent types by source; /agents new|edit|delete <name>, /agents generate <what it should do>",
  },
  {
    name: "plugin",
    help: "list this session's plugins; /plugin install|enable|disable|update|uninstall|marketplace … manages them",
  },
  { name: "workflows", help: "show this session's workflow runs: phases, agents and logs" },
  { name: "add-dir", help: "add a working folder for this session: /add-dir <path>" },
  {
    name: "config",
    help: "the settings panel; /config list lists them with their files, /config <key> <value> changes one",
  },
  {
    name: "output-style",
    help: "choose how answers are written: /output-style [name] (saved locally, from the next session or /clear)",
  },
  {
    name: "hooks",
    help: "list the hooks by event and matcher, where each comes from and whether it runs: /hooks [event]",
  },
  {
    name: "tasks",
    help: "list this session's background tasks; /tasks <id> shows one's output, /tasks stop <id> stops it",
  },
  {
    name: "rename",
    help: "name this session: /rename <name> (the name /resume lists and --resume <name> finds)",
  },
  { name: "exit", help: "leave keel" },
];

const ALIASES: Readonly<Record<string, SlashCommandName>> = {
  quit: "exit",
  reset: "clear",
  plugins: "plugin",
  bashes: "tasks",
  settings: "config",
};

/** Parses a prompt that is a slash command; undefined for an ordinary prompt. */
export function parseSlashCommand(text: string): SlashCommand | undefined {
  // A name is letters, digits, `:`, `_` and `-`, then a space or the end: `/frontend:component`
  // is a command (an unknown one is answered as such, never sent), `/usr/bin/x fails` a prompt.
  const match = /^\/([\w:-]+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return undefined;
  const word = (match[1] ?? "").toLowerCase();
  const args = (match[2] ?? "").trim();
  const name = ALIASES[word] ?? SLASH_COMMANDS.find((c) => c.name === word)?.name;
  return name ? { kind: "known", name, args } : { kind: "unknown", name: word };
}

function userCommandLine(command: UserCommand): string {
  const hint = command.argumentHint ? ` ${command.argumentHint}` : "";
  const about = command.description ?? command.body.split("\n")[0] ?? "";
  return `  /${command.name}${hint}  ${about} (${command.scope})`;
}

/** The /help text: the commands (built-in, then the user's own) and the keys. */
export function helpText(userCommands: readonly UserCommand[] = []): string {
  const commands = SLASH_COMMANDS.map((c) => `  /${c.name.padEnd(12)} ${c.help}`);
  const own =
    userCommands.length > 0 ? ["Your commands:", ...userCommands.map(userCommandLine)] : [];
  return [
    "Commands:",
    ...commands,
    ...own,
    "  !<command>     run a shell command here; the model sees it and its output next turn",
    "Keys:",
    "  Enter submits · Shift+Enter, Alt+Enter or \\ then Enter adds a line · ↑/↓ history",
    "  Ctrl+R searches the history · / lists the commands, @ the files (Tab completes)",
    "  Ctrl+A/E line start/end · Ctrl+B/F, Alt+B/F move · Ctrl+K/U/W cut, Ctrl+Y puts back",
    "  Ctrl+O tool output whole · Ctrl+L clears the screen · Ctrl+D on an empty line exits",
    "  Esc interrupts the running turn · Ctrl+C clears or interrupts, twice to exit",
    "  Shift+Tab cycles the permission mode: default, acceptEdits, plan",
  ].join("\n");
}
