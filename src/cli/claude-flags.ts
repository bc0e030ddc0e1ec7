import { type Command, Option } from "commander";

/**
 * Claude Code 2.1.332's flags that keel accepts without acting on them (contracts §12): each,
 * when given, is named once on stderr with why it has no effect.
 */
export const NO_EFFECT_FLAGS: readonly { flags: string; why: string }[] = [
  { flags: "--chrome", why: "keel has no Claude in Chrome integration" },
  { flags: "--no-chrome", why: "keel has no Claude in Chrome integration" },
  { flags: "--ide", why: "keel has no IDE integration" },
  { flags: "--tmux", why: "keel opens no tmux sessions" },
  { flags: "--mcp-debug", why: "Claude Code deprecated it for --debug, which keel has" },
  { flags: "--from-pr [value]", why: "sessions linked to pull requests live in claude.ai" },
  { flags: "--file <specs...>", why: "file resources come from a claude.ai account" },
  { flags: "--disable-slash-commands", why: "keel does not turn skills and commands off yet" },
  { flags: "--replay-user-messages", why: "keel does not echo stream-json input" },
  { flags: "--thinking-display <display>", why: "keel passes thinking on as the API sends it" },
  { flags: "--session-mirror", why: "keel keeps its transcripts in its own folder only" },
  { flags: "--permission-prompts <mode>", why: "keel asks through --permission-prompt-tool" },
  { flags: "--project-config-root <dir>", why: "keel reads .claude/ from the working folder" },
  { flags: "--await-initialize", why: "keel takes initialize's fields whenever it arrives" },
  { flags: "--initialize-fields <fields>", why: "keel takes initialize's fields as sent" },
  { flags: "--managed-settings-in-initialize", why: "keel has no managed settings" },
  { flags: "--managed-settings <json>", why: "keel has no managed (organisation) settings" },
];

function longName(flags: string): string {
  return new Option(flags).long ?? flags;
}

/** Adds the no-effect flags to the main command, out of its help. */
export function addClaudeFlags(command: Command): Command {
  for (const { flags } of NO_EFFECT_FLAGS) command.addOption(new Option(flags).hideHelp());
  return command;
}

/** Whether commander saw a flag (a negated one, `--no-x`, sets its attribute to false). */
function given(raw: Record<string, unknown>, flags: string): boolean {
  const option = new Option(flags);
  const value = raw[option.attributeName()];
  return option.negate ? value === false : value !== undefined && value !== false;
}

/** The one line said for each no-effect flag given. */
export function noEffectNotices(raw: Record<string, unknown>): string[] {
  return NO_EFFECT_FLAGS.filter(({ flags }) => given(raw, flags)).map(
    ({ flags, why }) => `${longName(flags)} has no effect in keel (${why})`,
  );
}
