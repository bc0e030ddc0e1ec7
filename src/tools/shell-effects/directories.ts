import { resolve } from "node:path";
import { type FileSystemView, physicalPath } from "./file-system.js";

/**
 * The folders the shell may be in at a point of a command line. A `cd` adds its target to
 * what came before (it may fail, or sit in a subshell or a branch), so the set only grows;
 * once a `cd` goes somewhere keel cannot know, relative paths are unknown.
 */
export class DirectorySet {
  private readonly folders: string[];
  private lost = false;
  private moved = false;

  constructor(start: string) {
    this.folders = [start];
  }

  /** The physical folders the shell may be in; empty once one of them is unknown. */
  get known(): readonly string[] {
    return this.lost ? [] : this.folders;
  }

  /** Every folder seen, known or not (absolute paths resolve from any of them). */
  get all(): readonly string[] {
    return this.folders;
  }

  /** True once a `cd` has been met. */
  get changed(): boolean {
    return this.moved;
  }

  /** Why relative paths cannot be resolved, if they cannot. */
  get unknownReason(): string | undefined {
    return this.lost ? "the shell may have changed to a folder keel cannot know" : undefined;
  }

  /** An independent copy (a script run by a child shell changes its own folder only). */
  copy(): DirectorySet {
    const copy = new DirectorySet(this.folders[0] ?? "/");
    copy.folders.push(...this.folders.slice(1));
    copy.lost = this.lost;
    return copy;
  }

  /** A `cd` to somewhere keel cannot know (`cd -`, `popd`, `cd "$X"`). */
  lose(): void {
    this.lost = true;
    this.moved = true;
  }

  /**
   * A `cd` to `target` (a static word): bash resolves it by name first (logical `cd`), the
   * kernel by following links; both are kept.
   */
  change(target: string, fs: FileSystemView): void {
    this.moved = true;
    for (const from of [...this.folders]) {
      for (const next of [
        physicalPath(resolve(from, target), fs),
        physicalPath(`${from}/${target}`, fs),
      ]) {
        if (!this.folders.includes(next)) this.folders.push(next);
      }
    }
  }
}
