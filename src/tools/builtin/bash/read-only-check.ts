import { analyseParsed } from "../../shell-effects/analyse.js";
import { type EffectContext, readOnlyVerdict } from "../../shell-effects/index.js";
import {
  loadShellParser,
  type ParsedCommand,
  parseShellCommandSync,
} from "../../shell-parse/index.js";

const CACHE_SIZE = 64;

/** Where the Bash tool's commands run: the folders they may read, their environment. */
export interface ReadOnlyPlaces extends EffectContext {
  folders: readonly string[];
}

/**
 * The read-only verdict for the Bash tool's own use (which calls may run side by side), with
 * recent parses cached: the same command is asked about for partitioning and concurrency.
 * The files are looked at afresh each time (a glob's matches change as files do).
 */
export class ReadOnlyCheck {
  private readonly cache = new Map<string, ParsedCommand>();

  /**
   * True when the command only reads inside the folders and changes no folder (a `cd` would
   * move the shell under a sibling call). False while the parser is still loading: the
   * parser (a WebAssembly module) loads on the first command asked about, not at start-up.
   */
  isReadOnly(command: string, places: ReadOnlyPlaces): boolean {
    const parsed = this.cache.get(command) ?? this.remember(parseShellCommandSync(command));
    if (parsed === undefined) {
      loadShellParser().catch(() => undefined);
      return false;
    }
    const effects = analyseParsed(parsed, places, parseShellCommandSync);
    if (effects.changesDirectory) return false;
    return readOnlyVerdict(effects, { ...places, projectEnv: [] }).readOnly;
  }

  private remember(parsed: ParsedCommand | undefined): ParsedCommand | undefined {
    if (!parsed) return undefined;
    if (this.cache.size >= CACHE_SIZE) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(parsed.source, parsed);
    return parsed;
  }
}
