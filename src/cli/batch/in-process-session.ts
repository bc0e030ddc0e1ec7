import { PassThrough, Writable } from "node:stream";
import { parseResult, type SessionOutcome } from "../../remote/keel-child.js";
import type { SessionRunner } from "../../remote/session-runner.js";

/**
 * A stdout that hands each complete line to `onLine`, one at a time, before taking more
 * (so the session waits on a slow consumer as it would on a pipe).
 */
function lineSink(onLine: (line: string) => Promise<void>): Writable & { flush(): Promise<void> } {
  let pending = "";
  const drain = async () => {
    let newline = pending.indexOf("\n");
    while (newline >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.trim() !== "") await onLine(line);
      newline = pending.indexOf("\n");
    }
  };
  const sink = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      drain().then(() => done(), done);
    },
  });
  return Object.assign(sink, {
    flush: async () => {
      if (pending.trim() !== "") await onLine(pending);
      pending = "";
    },
  });
}

/**
 * Sessions run by keel's own CLI in this process (`runCli`, what the executable runs), with
 * the same arguments and environment as a child would get: no Node start-up per task, at the
 * price of sharing one process (a session that brings it down takes its neighbours along;
 * BullMQ then hands their tasks to another worker).
 */
export function inProcessSessionRunner(stderr: NodeJS.WritableStream): SessionRunner {
  return async (args, cwd, env, onLine, signal) => {
    const stdin = new PassThrough();
    stdin.end();
    let result: SessionOutcome["result"];
    const stdout = lineSink(async (line) => {
      await onLine(line);
      result = parseResult(line) ?? result;
    });
    // Loaded on the first session: the library entry point does not load the CLI until then.
    const { runCli } = await import("../main.js");
    const code = await runCli([...args], { stdin, stdout, stderr, env, cwd, signal });
    await stdout.flush();
    return { result, code };
  };
}
