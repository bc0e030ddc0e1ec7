import { type BatchProgress, progressLine } from "../../remote/batch/batch-progress.js";

/** Shows a batch's progress: one line redrawn in place on a terminal, else a line now and then. */
export interface ProgressReporter {
  update(progress: BatchProgress): void;
  /** Writes the last state as a line of its own (and ends the redrawn line). */
  finish(): void;
}

const PREFIX = "keel batch: ";

/** On a terminal: the line is redrawn at most every `minMs` (a poll can come often). */
export function terminalProgress(
  out: NodeJS.WritableStream,
  now: () => number,
  minMs = 200,
): ProgressReporter {
  let last: BatchProgress | undefined;
  let drawnAt = Number.NEGATIVE_INFINITY;
  const draw = (p: BatchProgress) => out.write(`\r\x1b[2K${PREFIX}${progressLine(p)}`);
  return {
    update(progress) {
      last = progress;
      if (now() - drawnAt < minMs) return;
      drawnAt = now();
      draw(progress);
    },
    finish() {
      if (last) draw(last);
      out.write("\n");
    },
  };
}

/**
 * Not on a terminal (a log, CI): a line every `everyMs`, the first at once, and the last at
 * the end, so a log shows the batch moving without a line per poll.
 */
export function periodicProgress(
  out: NodeJS.WritableStream,
  now: () => number,
  everyMs: number,
): ProgressReporter {
  let last: BatchProgress | undefined;
  let writtenAt = Number.NEGATIVE_INFINITY;
  let lastWritten = "";
  const write = (p: BatchProgress) => {
    lastWritten = progressLine(p);
    out.write(`${PREFIX}${lastWritten}\n`);
  };
  return {
    update(progress) {
      last = progress;
      if (now() - writtenAt < everyMs) return;
      writtenAt = now();
      write(progress);
    },
    finish() {
      if (last && progressLine(last) !== lastWritten) write(last);
    },
  };
}
