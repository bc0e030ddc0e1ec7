/** What decides whether a session has auto memory. */
export interface AutoMemorySwitches {
  env: Readonly<Record<string, string | undefined>>;
  /** `autoMemoryEnabled` from the settings, if a file sets it. */
  setting?: boolean;
  /** `--bare`: no memory of any kind. */
  bare: boolean;
  /** Print mode (`-p`): off unless turned on, so an unattended run cannot plant instructions. */
  print: boolean;
}

const TRUTHY = /^(1|true|yes|on)$/i;
const FALSY = /^(0|false|no|off)$/i;

/**
 * First defined wins (Claude Code's order, with keel's print-mode default):
 * CLAUDE_CODE_DISABLE_AUTO_MEMORY, --bare, the setting, then on in the REPL and off in print mode.
 */
export function autoMemoryEnabled(switches: AutoMemorySwitches): boolean {
  const disable = switches.env.CLAUDE_CODE_DISABLE_AUTO_MEMORY?.trim() ?? "";
  if (TRUTHY.test(disable)) return false;
  if (FALSY.test(disable)) return true;
  if (switches.bare) return false;
  if (switches.setting !== undefined) return switches.setting;
  return !switches.print;
}

/**
 * What fixes auto memory for the whole session, if anything does (the variable or --bare,
 * which come before the setting): /memory cannot switch it then.
 */
export function autoMemoryFixedBy(switches: AutoMemorySwitches): string | undefined {
  const disable = switches.env.CLAUDE_CODE_DISABLE_AUTO_MEMORY?.trim() ?? "";
  if (TRUTHY.test(disable) || FALSY.test(disable)) return "CLAUDE_CODE_DISABLE_AUTO_MEMORY";
  return switches.bare ? "--bare" : undefined;
}
