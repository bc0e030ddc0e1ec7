import { copyFile, lstat, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { isMissingPathError, realPathOf } from "../../tools/builtin/file-paths.js";
import { backupName } from "./backup-name.js";
import { appendIndexLine, type IndexLine, readIndex, type SnapshotRecord } from "./index-file.js";
import { restorePlan } from "./restore-plan.js";

/** Where a history keeps its files, and its clock (injected for deterministic records). */
export interface FileHistoryOptions {
  /** The folder for saved bytes and index.jsonl (created on first use). */
  dir: string;
  now?: () => Date;
}

/** What loading a history may report. */
export interface FileHistoryLoadOptions {
  now?: () => Date;
  /** Told of each index line skipped as corrupt (1-based line number). */
  onCorruptLine?: (lineNumber: number, text: string) => void;
}

/** True when nothing stands at `path`, or a regular file with no other name (hard link). */
async function isPlainFileOrMissing(path: string): Promise<boolean> {
  try {
    const info = await lstat(path);
    return info.isFile() && info.nlink === 1;
  } catch (error) {
    if (isMissingPathError(error)) return true;
    throw error;
  }
}

/**
 * True when restoring the snapshot writes only the file it saved: a plain file (or nothing)
 * stands at its path, and the path's folder still leads where it did at the snapshot (a
 * folder swapped for a link since would send the write, or the delete, somewhere else).
 */
async function isRestorable(snapshot: SnapshotRecord): Promise<boolean> {
  const { path, folder } = snapshot;
  if (folder !== undefined && (await realPathOf(dirname(path))) !== folder) return false;
  return isPlainFileOrMissing(path);
}

/** A file's state before a turn: its bytes, or undefined when it did not exist. */
export interface SavedState {
  path: string;
  saved: Uint8Array | undefined;
}

/** A restore asked for a turn this history never saw begin. */
export class UnknownTurnError extends Error {
  constructor(readonly turnUuid: string) {
    super(`file history has no turn ${turnUuid}`);
    this.name = "UnknownTurnError";
  }
}

/**
 * The files Edit and Write changed, per user turn: before a file's first change in a turn its
 * bytes are saved (or its absence noted), so a rewind can put files back as they were before
 * any turn. Bytes are kept as written (binary-safe); the index is append-only JSONL.
 */
export class FileHistory {
  private readonly dir: string;
  private readonly now: () => Date;
  private readonly turnOrder: string[] = [];
  private readonly records: SnapshotRecord[] = [];
  /** Serialises changes, so two writes of one file in one turn save it once. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: FileHistoryOptions) {
    this.dir = options.dir;
    this.now = options.now ?? (() => new Date());
  }

  /** A history rebuilt from the index.jsonl in `dir` (empty when there is none). */
  static async load(dir: string, options: FileHistoryLoadOptions = {}): Promise<FileHistory> {
    const history = new FileHistory({ dir, ...(options.now ? { now: options.now } : {}) });
    for (const line of await readIndex(dir, options.onCorruptLine)) history.apply(line);
    return history;
  }

  /** The turns in the order they began. */
  turns(): readonly string[] {
    return this.turnOrder;
  }

  /** Every snapshot taken, oldest first. */
  snapshots(): readonly SnapshotRecord[] {
    return this.records;
  }

  /** Notes that a user turn began (its place in the order, even if it changes no file). */
  beginTurn(turnUuid: string): Promise<void> {
    return this.serially(() => this.ensureTurn(turnUuid));
  }

  /**
   * Saves a file's current state before Edit or Write changes it: only on the first change in
   * `turnUuid` (later changes in the turn keep the state from before the turn).
   */
  snapshotBeforeWrite(path: string, turnUuid: string): Promise<void> {
    const absolute = resolve(path);
    return this.serially(async () => {
      await this.ensureTurn(turnUuid);
      const taken = this.records.some((r) => r.path === absolute && r.turnUuid === turnUuid);
      if (taken) return;
      const version = this.records.filter((r) => r.path === absolute).length + 1;
      const existed = await this.saveBytes(absolute, version);
      const folder = await realPathOf(dirname(absolute));
      const time = this.now().toISOString();
      await this.record({
        kind: "snapshot",
        path: absolute,
        version,
        turnUuid,
        existed,
        folder,
        time,
      });
    });
  }

  /**
   * Puts every file changed at or after `turnUuid` back as it was before that turn (deleting
   * files that did not exist then) and returns their paths. Throws UnknownTurnError for a turn
   * this history never saw.
   */
  async restoreTo(turnUuid: string): Promise<string[]> {
    return (await this.restoreFiles(turnUuid)).restored;
  }

  /**
   * restoreTo, saying also which paths were left alone because something other than a plain
   * file now stands there (a symlink, a hard link, a folder), or their folder now leads
   * elsewhere: writing through it would change a file the history never saved.
   */
  restoreFiles(turnUuid: string): Promise<{ restored: string[]; skipped: string[] }> {
    return this.serially(async () => {
      if (!this.turnOrder.includes(turnUuid)) throw new UnknownTurnError(turnUuid);
      const outcome = { restored: [] as string[], skipped: [] as string[] };
      for (const [path, snapshot] of restorePlan(this.turnOrder, this.records, turnUuid)) {
        if (!(await isRestorable(snapshot))) {
          outcome.skipped.push(path);
          continue;
        }
        await this.restoreOne(snapshot);
        outcome.restored.push(path);
      }
      return outcome;
    });
  }

  /**
   * What restoreTo would put back, without touching any file: each path changed at or after
   * `turnUuid` with its bytes from before that turn (undefined: it did not exist then). A path
   * restoreTo would leave alone is left out, so nobody reads what stands there through a link.
   * Throws UnknownTurnError for a turn this history never saw.
   */
  restorePreview(turnUuid: string): Promise<SavedState[]> {
    return this.serially(async () => {
      if (!this.turnOrder.includes(turnUuid)) throw new UnknownTurnError(turnUuid);
      const states: SavedState[] = [];
      for (const [path, snapshot] of restorePlan(this.turnOrder, this.records, turnUuid)) {
        if (!(await isRestorable(snapshot))) continue;
        const saved = snapshot.existed ? await readFile(this.backupOf(snapshot)) : undefined;
        states.push({ path, saved });
      }
      return states;
    });
  }

  private backupOf(snapshot: SnapshotRecord): string {
    return join(this.dir, backupName(snapshot.path, snapshot.version));
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => {});
    return next;
  }

  private async ensureTurn(turnUuid: string): Promise<void> {
    if (!this.turnOrder.includes(turnUuid)) await this.record({ kind: "turn", turnUuid });
  }

  /** Writes the index line first, so memory never holds what a reload would not. */
  private async record(line: IndexLine): Promise<void> {
    await appendIndexLine(this.dir, line);
    this.apply(line);
  }

  private apply(line: IndexLine): void {
    if (line.kind === "turn") {
      if (!this.turnOrder.includes(line.turnUuid)) this.turnOrder.push(line.turnUuid);
      return;
    }
    if (!this.turnOrder.includes(line.turnUuid)) this.turnOrder.push(line.turnUuid);
    this.records.push(line);
  }

  /** Copies the file's bytes to its backup; false when there is no file. */
  private async saveBytes(path: string, version: number): Promise<boolean> {
    await mkdir(this.dir, { recursive: true });
    try {
      await copyFile(path, join(this.dir, backupName(path, version)));
      return true;
    } catch (error) {
      if (isMissingPathError(error)) return false;
      throw error;
    }
  }

  private async restoreOne(snapshot: SnapshotRecord): Promise<void> {
    if (!snapshot.existed) {
      await rm(snapshot.path, { force: true });
      return;
    }
    const bytes = await readFile(this.backupOf(snapshot));
    await mkdir(dirname(snapshot.path), { recursive: true });
    await writeFile(snapshot.path, bytes);
  }
}
