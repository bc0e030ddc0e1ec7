import { rename, writeFile } from "node:fs/promises";
import { loadScenario, type Scenario } from "../model/scripted/scenario.js";
import {
  type RecordedViolation,
  type ScriptedServer,
  startScriptedServer,
} from "../model/scripted/server.js";

/** The arguments of `keel scripted-server <scenario.json> [--port N] [--port-file F]`. */
export interface ScriptedServerArgs {
  scenarioPath: string;
  port?: number;
  portFile?: string;
}

/** Where the command writes, and what stops it. */
export interface ScriptedServerIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Stops the server when aborted. Without it, SIGINT and SIGTERM stop it. */
  signal?: AbortSignal;
}

/** A scripted-server run: failed at start (exitCode 1) or serving until stopped. */
export interface ScriptedServerRun {
  /** 0 while serving; 1 when the scenario or the server could not start. */
  exitCode: number;
  server?: ScriptedServer;
  /**
   * Resolves with the exit code once the server has closed: 0 after `stop()` or an abort of
   * `io.signal`, 130 after SIGINT, 143 after SIGTERM (contracts.md §2).
   */
  closed: Promise<number>;
  stop(): Promise<void>;
}

function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve) => {
    stream.write(text, () => resolve());
  });
}

function failed(exitCode: number): ScriptedServerRun {
  return { exitCode, closed: Promise.resolve(exitCode), stop: async () => {} };
}

/** Writes the port where a waiting test harness can find it, never half-written. */
async function writePortFile(path: string, port: number): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${port}\n`);
  await rename(temporary, path);
}

async function start(args: ScriptedServerArgs, io: ScriptedServerIo): Promise<ScriptedServer> {
  const scenario: Scenario = await loadScenario(args.scenarioPath);
  const onViolation = (v: RecordedViolation) =>
    void write(io.stderr, `scripted-server: request ${v.requestIndex} is invalid: ${v.message}\n`);
  const server = await startScriptedServer({
    scenario,
    onViolation,
    ...(args.port === undefined ? {} : { port: args.port }),
  });
  try {
    if (args.portFile !== undefined) await writePortFile(args.portFile, server.port);
  } catch (error) {
    await server.close();
    throw error;
  }
  return server;
}

/** Stops on io.signal, or else on SIGINT/SIGTERM; returns how to remove the listeners. */
function onStopRequest(io: ScriptedServerIo, stop: (exitCode: number) => void): () => void {
  if (io.signal) {
    const listener = () => stop(0);
    if (io.signal.aborted) queueMicrotask(listener);
    io.signal.addEventListener("abort", listener, { once: true });
    return () => io.signal?.removeEventListener("abort", listener);
  }
  const onInt = () => stop(130);
  const onTerm = () => stop(143);
  process.once("SIGINT", onInt);
  process.once("SIGTERM", onTerm);
  return () => {
    process.off("SIGINT", onInt);
    process.off("SIGTERM", onTerm);
  };
}

/**
 * `keel scripted-server`: loads a scenario, serves it on 127.0.0.1, prints
 * `listening on http://127.0.0.1:<port>` as the first stdout line (after writing the port file,
 * when asked for one) and serves until stopped. Load and start errors go to stderr with exit 1.
 */
export async function runScriptedServerCommand(
  args: ScriptedServerArgs,
  io: ScriptedServerIo,
): Promise<ScriptedServerRun> {
  let server: ScriptedServer;
  try {
    server = await start(args, io);
  } catch (error) {
    await write(io.stderr, `keel scripted-server: ${(error as Error).message}\n`);
    return failed(1);
  }
  let finish: (exitCode: number) => void = () => {};
  const closed = new Promise<number>((resolve) => {
    finish = resolve;
  });
  let stopping: Promise<void> | undefined;
  let removeListeners = () => {};
  const stopWith = (exitCode: number) => {
    stopping ??= (async () => {
      removeListeners();
      await server.close();
      finish(exitCode);
    })();
    return stopping;
  };
  removeListeners = onStopRequest(io, (exitCode) => void stopWith(exitCode));
  await write(io.stdout, `listening on ${server.url}\n`);
  return { exitCode: 0, server, closed, stop: () => stopWith(0) };
}
