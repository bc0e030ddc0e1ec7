import { realpathSync } from "node:fs";
import {
  isReadOnlyCommand,
  loadShellParser,
  type ParsedCommand,
  parseShellCommandSync,
} from "../../shell-parse/index.js";

const CACHE_SIZE = 64;

/**
 * The read-only verdict for Bash commands, with recent parses cached (the same command is
 * asked about for partitioning, permissions and concurrency).
 */
export class ReadOnlyCheck {
  private readonly cache = new Map<string, ParsedCommand>();

  /**
   * Verdict now; false while the parser is still loading (unknown is not read-only). The
   * parser (a WebAssembly module) loads on the first command asked about, not at start-up, so
   * a session that never runs Bash never pays for it.
   */
  isReadOnly(command: string, cwd: string, workingDirs: readonly string[]): boolean {
    const parsed = this.cache.get(command) ?? this.remember(parseShellCommandSync(command));
    if (parsed === undefined) loadShellParser().catch(() => undefined);
    return parsed !== undefined && verdict(parsed, cwd, workingDirs);
  }

  /** Verdict after waiting for the parser if needed (false if it cannot load). */
  async isReadOnlyAsync(
    command: string,
    cwd: string,
    workingDirs: readonly string[],
  ): Promise<boolean> {
    const parsed = this.cache.get(command) ?? this.remember(parseShellCommandSync(command));
    if (parsed) return verdict(parsed, cwd, workingDirs);
    await loadShellParser().catch(() => undefined);
    return this.isReadOnly(command, cwd, workingDirs);
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

function verdict(parsed: ParsedCommand, cwd: string, workingDirs: readonly string[]): boolean {
  return isReadOnlyCommand(parsed, { cwd, workingDirs, realpath: realpathSync.native });
}
