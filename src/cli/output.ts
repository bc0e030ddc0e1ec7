import type { SdkMessage, SdkResult } from "../session/sdk-messages.js";

/** The print-mode output formats. */
export type OutputFormat = "text" | "json" | "stream-json";

/** Writes to a stream, waiting for it to drain when its buffer is full. */
export function writeTo(stream: NodeJS.WritableStream, data: string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(data, (error) => (error ? reject(error) : resolve()));
  });
}

/**
 * Prints SDK messages in one of the print-mode formats: stream-json prints every message as
 * one line, flushed per line; json prints the result object; text prints the result text.
 */
export function createOutputPrinter(
  format: OutputFormat,
  stdout: NodeJS.WritableStream,
): (message: SdkMessage) => Promise<void> {
  switch (format) {
    case "stream-json":
      return (message) => writeTo(stdout, `${JSON.stringify(message)}\n`);
    case "json":
      return (message) =>
        message.type === "result"
          ? writeTo(stdout, `${JSON.stringify(message)}\n`)
          : Promise.resolve();
    case "text":
      return (message) =>
        message.type === "result" && message.result !== undefined
          ? writeTo(stdout, `${message.result}\n`)
          : Promise.resolve();
  }
}

/** The process exit code for a turn's result (contracts.md §2). */
export function exitCodeFor(result: SdkResult | undefined): number {
  return result && !result.is_error ? 0 : 1;
}
