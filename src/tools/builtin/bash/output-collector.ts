import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { dirname } from "node:path";
import { StringDecoder } from "node:string_decoder";
import { StreamWindow } from "./stream-window.js";

/** How much of the latest output (both streams, in arrival order) progress reports carry. */
const RECENT_CHARS = 2_000;

/**
 * The last `max` characters of `text`, starting at a line start when the cut fell inside a
 * line, so the window never opens with half a surrogate pair or half an ANSI escape. When
 * the kept part holds no whole line (one long line), it opens at a whole character instead.
 */
function recentTail(text: string, max: number): string {
  if (text.length <= max) return text;
  const start = text.length - max;
  if (text[start - 1] === "\n") return text.slice(start);
  const lineEnd = text.indexOf("\n", start);
  if (lineEnd !== -1 && lineEnd + 1 < text.length) return text.slice(lineEnd + 1);
  const tail = text.slice(start);
  return /^[\uDC00-\uDFFF]/.test(tail) ? tail.slice(1) : tail;
}

/** Which output stream a chunk came from. */
export type StreamName = "stdout" | "stderr";

/** A command's output as the model sees it, and where the full output went. */
export interface CollectedOutput {
  stdout: string;
  stderr: string;
  /** Characters of both streams together. */
  totalChars: number;
  truncated: boolean;
  /** The file holding the full output (only when truncated and saved). */
  fullOutputPath?: string;
  saveError?: string;
}

/**
 * Collects stdout and stderr in bounded memory: each stream keeps its beginning and end;
 * once both together pass `limit` characters, everything (from the start, in arrival order)
 * goes to `spillPath` as well. `blocked` says the file is behind: pause the producers.
 */
export class OutputCollector {
  private readonly windows: Record<StreamName, StreamWindow>;
  private readonly decoders: Record<StreamName, StringDecoder> = {
    stdout: new StringDecoder("utf8"),
    stderr: new StringDecoder("utf8"),
  };
  private pending: string[] = [];
  private recent = "";
  private spill: WriteStream | undefined;
  private spillError: string | undefined;
  private isBlocked = false;
  private readonly unblockListeners: Array<() => void> = [];

  constructor(
    private readonly limit: number,
    private readonly spillPath: string,
  ) {
    this.windows = { stdout: new StreamWindow(limit), stderr: new StreamWindow(limit) };
  }

  /** Adds a chunk of raw output. */
  write(stream: StreamName, chunk: Buffer): void {
    this.add(stream, this.decoders[stream].write(chunk));
  }

  /** Characters seen so far on both streams. */
  get totalChars(): number {
    return this.windows.stdout.total + this.windows.stderr.total;
  }

  /** The end of the output so far, both streams in arrival order (a UI shows its last lines). */
  get recentOutput(): string {
    return this.recent;
  }

  /** Characters held in memory right now (bounded whatever the output size). */
  get retainedChars(): number {
    return (
      this.windows.stdout.retained +
      this.windows.stderr.retained +
      this.pending.reduce((sum, text) => sum + text.length, 0)
    );
  }

  /** True while the full-output file is behind; producers should pause. */
  get blocked(): boolean {
    return this.isBlocked;
  }

  /** Calls `listener` once the file has caught up. */
  onUnblocked(listener: () => void): void {
    this.unblockListeners.push(listener);
  }

  /** Flushes everything and returns what the model sees. */
  async finish(): Promise<CollectedOutput> {
    this.add("stdout", this.decoders.stdout.end());
    this.add("stderr", this.decoders.stderr.end());
    await this.closeSpill();
    const [outBudget, errBudget] = splitBudget(
      this.windows.stdout.total,
      this.windows.stderr.total,
      this.limit,
    );
    const truncated = this.totalChars > this.limit;
    const collected: CollectedOutput = {
      stdout: this.windows.stdout.view(outBudget),
      stderr: this.windows.stderr.view(errBudget),
      totalChars: this.totalChars,
      truncated,
    };
    if (truncated && this.spillError === undefined) collected.fullOutputPath = this.spillPath;
    if (truncated && this.spillError !== undefined) collected.saveError = this.spillError;
    return collected;
  }

  private add(stream: StreamName, text: string): void {
    if (text === "") return;
    this.windows[stream].push(text);
    this.recent = recentTail(this.recent + text, RECENT_CHARS);
    if (this.spill) this.writeSpill(text);
    else if (this.spillError === undefined) {
      this.pending.push(text);
      if (this.totalChars > this.limit) this.startSpill();
    }
  }

  private startSpill(): void {
    try {
      mkdirSync(dirname(this.spillPath), { recursive: true });
      const spill = createWriteStream(this.spillPath);
      spill.on("error", (error) => {
        this.spillError = error.message;
        this.spill = undefined;
        this.setBlocked(false);
      });
      this.spill = spill;
    } catch (error) {
      this.spillError = error instanceof Error ? error.message : String(error);
      this.pending = [];
      return;
    }
    const earlier = this.pending.join("");
    this.pending = [];
    this.writeSpill(earlier);
  }

  private writeSpill(text: string): void {
    const spill = this.spill;
    if (!spill || spill.write(text) || this.isBlocked) return;
    this.setBlocked(true);
    spill.once("drain", () => this.setBlocked(false));
  }

  private setBlocked(blocked: boolean): void {
    this.isBlocked = blocked;
    if (blocked) return;
    for (const listener of this.unblockListeners.splice(0)) listener();
  }

  private closeSpill(): Promise<void> {
    const spill = this.spill;
    if (!spill) return Promise.resolve();
    return new Promise((resolve) => {
      spill.once("close", () => resolve());
      spill.end();
    });
  }
}

/** How many characters each stream may show, together at most `limit`. */
export function splitBudget(stdout: number, stderr: number, limit: number): [number, number] {
  if (stdout + stderr <= limit) return [stdout, stderr];
  const half = Math.floor(limit / 2);
  if (stdout <= half) return [stdout, limit - stdout];
  if (stderr <= half) return [limit - stderr, stderr];
  return [limit - half, half];
}
