import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import type { Message } from "../../protocol/messages.js";
import {
  CHAIN_TYPES,
  type ChainMessage,
  isChainMessage,
  isCompactBoundary,
  type MessageLine,
  TOMBSTONE,
  type TombstoneRecord,
  type TranscriptEnvelope,
  type TranscriptRecord,
} from "./envelope.js";
import { emptyChain, liveAncestor, readWrittenChain, type WrittenChain } from "./written-chain.js";

/** Where and as whom a transcript is written. */
export interface TranscriptOptions {
  path: string;
  sessionId: string;
  cwd: string;
  /** The keel version recorded on every line. */
  version: string;
  gitBranch?: string;
  /** True for a subagent's sidechain transcript. */
  isSidechain?: boolean;
  agentId?: string;
  /** Parent of the first appended message; default: the last chain message already in the file. */
  lastUuid?: string | null;
  /** Told about the first write failure (disk full, EACCES); later ones are not repeated. */
  onError: (error: Error) => void;
}

/** An append-only session transcript, one JSON line per message, written synchronously. */
export interface TranscriptWriter {
  readonly path: string;
  /**
   * Writes one message as a line. Progress messages are not written; a uuid already in the
   * file is not written again but becomes the parent of the next message (so re-appending a
   * resumed history is a no-op that leaves the chain where that history ends); a removed
   * uuid is ignored.
   */
  append(message: Message): void;
  /**
   * Marks a written message as removed (a response discarded for a retry): a tombstone line
   * is appended, and when the message is the tail the next message links to what it followed.
   */
  remove(uuid: string): void;
  /** Writes a bookkeeping line (not a chain participant) as it is. */
  appendRecord(record: TranscriptRecord): void;
  /** The uuid the next appended message will name as its parent. */
  lastUuid(): string | null;
  /** The next message branches from this one (a rewind): the file keeps the old branch. */
  branchFrom(uuid: string | null): void;
  /** Closes the file; a later append opens it again. */
  close(): void;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

class FileTranscriptWriter implements TranscriptWriter {
  readonly path: string;
  private fd: number | null = null;
  private parent: string | null;
  private readonly chain: WrittenChain;
  private reported = false;
  /** A failed write or a killed writer may have left a partial line: start on a fresh one. */
  private needsNewline: boolean;

  constructor(private readonly options: TranscriptOptions) {
    this.path = options.path;
    this.chain = this.scan();
    this.needsNewline = !this.chain.endsAtLineEnd;
    this.parent = options.lastUuid === undefined ? this.chain.lastUuid : options.lastUuid;
  }

  append(message: Message): void {
    if (!isChainMessage(message) || this.chain.removed.has(message.uuid)) return;
    if (this.chain.uuids.has(message.uuid)) {
      this.parent = message.uuid;
      return;
    }
    const line = this.lineFor(message);
    if (this.write(JSON.stringify(line))) {
      // Messages a compaction kept are written again after its boundary, on the new chain.
      if (isCompactBoundary(message)) this.chain.uuids.clear();
      this.chain.uuids.add(message.uuid);
      this.chain.parents.set(message.uuid, line.parentUuid);
      this.parent = message.uuid;
    }
  }

  remove(uuid: string): void {
    if (!this.chain.uuids.has(uuid) || this.chain.removed.has(uuid)) return;
    this.write(JSON.stringify({ type: TOMBSTONE, uuid } satisfies TombstoneRecord));
    // Even when the tombstone could not be written, what follows must not link to the message.
    this.chain.removed.add(uuid);
    this.parent = liveAncestor(this.parent, this.chain.parents, this.chain.removed);
  }

  appendRecord(record: TranscriptRecord): void {
    if (CHAIN_TYPES.has(record.type)) {
      throw new TypeError(`a "${record.type}" line is a message: use append()`);
    }
    this.write(JSON.stringify(record));
  }

  lastUuid(): string | null {
    return this.parent;
  }

  branchFrom(uuid: string | null): void {
    this.parent = uuid;
  }

  close(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    try {
      closeSync(fd);
    } catch (error) {
      this.report(error);
    }
  }

  private scan(): WrittenChain {
    try {
      return readWrittenChain(this.path);
    } catch (error) {
      this.report(error);
      return emptyChain(false);
    }
  }

  private lineFor(message: ChainMessage): MessageLine {
    const boundary = isCompactBoundary(message);
    const envelope: TranscriptEnvelope = {
      parentUuid: boundary ? null : this.parent,
      ...(boundary ? { logicalParentUuid: this.parent } : {}),
      isSidechain: this.options.isSidechain ?? false,
      userType: "external",
      cwd: this.options.cwd,
      sessionId: this.options.sessionId,
      version: this.options.version,
      ...(this.options.gitBranch === undefined ? {} : { gitBranch: this.options.gitBranch }),
      ...(this.options.agentId === undefined ? {} : { agentId: this.options.agentId }),
    };
    return { ...envelope, ...message };
  }

  /** Appends one whole line; false (and reported once) when the file system refused it. */
  private write(json: string): boolean {
    try {
      const fd = this.open();
      const bytes = Buffer.from(`${this.needsNewline ? "\n" : ""}${json}\n`, "utf8");
      this.needsNewline = true;
      let offset = 0;
      while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
      this.needsNewline = false;
      return true;
    } catch (error) {
      this.report(error);
      return false;
    }
  }

  private open(): number {
    if (this.fd === null) {
      mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
      this.fd = openSync(this.path, "a", 0o600);
    }
    return this.fd;
  }

  private report(error: unknown): void {
    if (this.reported) return;
    this.reported = true;
    this.options.onError(asError(error));
  }
}

/**
 * A writer for the transcript at `options.path`. Nothing is created until the first line is
 * appended; uuids already in an existing file are known, so they are not written twice.
 */
export function openTranscript(options: TranscriptOptions): TranscriptWriter {
  return new FileTranscriptWriter(options);
}
