import { StringDecoder } from "node:string_decoder";
import type { StreamName } from "../tools/builtin/bash/output-collector.js";
import type { ProcessOutput } from "../tools/builtin/bash/run-process.js";
import { StreamWindow } from "../tools/builtin/bash/stream-window.js";

/**
 * A hook's stdout and stderr in bounded memory: each stream keeps its beginning and end
 * (`limit` characters shown), so a hook printing endlessly cannot fill keel's memory.
 * Never blocks the producer.
 */
export class CappedCapture implements ProcessOutput {
  readonly blocked = false;
  private readonly windows: Record<StreamName, StreamWindow>;
  private readonly decoders: Record<StreamName, StringDecoder> = {
    stdout: new StringDecoder("utf8"),
    stderr: new StringDecoder("utf8"),
  };

  /**
   * @param onOutput told after each chunk (a running hook's progress); it peeks, the capture
   *   goes on
   */
  constructor(
    private readonly limit: number,
    private readonly onOutput?: (capture: CappedCapture) => void,
  ) {
    this.windows = { stdout: new StreamWindow(limit), stderr: new StreamWindow(limit) };
  }

  /** Adds a chunk of raw output. */
  write(stream: StreamName, chunk: Buffer): void {
    this.windows[stream].push(this.decoders[stream].write(chunk));
    this.onOutput?.(this);
  }

  /** The text of one stream so far (a character split across chunks waits for the rest). */
  peek(stream: StreamName): string {
    return this.windows[stream].view(this.limit);
  }

  /** Never called: the capture is never behind. */
  onUnblocked(_listener: () => void): void {}

  /** The text of one stream, its middle elided past the limit. */
  text(stream: StreamName): string {
    this.windows[stream].push(this.decoders[stream].end());
    return this.windows[stream].view(this.limit);
  }
}
