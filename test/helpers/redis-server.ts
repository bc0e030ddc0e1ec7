import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A redis-server a test started in a temporary folder of its own. */
export interface TestRedis {
  url: string;
  port: number;
  dir: string;
  /** Stops it with SIGTERM (an AOF Redis writes its file first) and waits for the exit. */
  stop: () => Promise<void>;
  /** Starts it again on the same port and folder (what was saved comes back). */
  restart: () => Promise<void>;
  /** Stops it and removes its folder. */
  close: () => Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  server.close();
  await once(server, "close");
  return port;
}

async function launch(port: number, dir: string, aof: boolean): Promise<ChildProcess> {
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", ""];
  args.push("--appendonly", aof ? "yes" : "no", "--maxmemory-policy", "noeviction");
  const child = spawn("redis-server", args, { stdio: ["ignore", "pipe", "inherit"] });
  let seen = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      seen += chunk;
      if (seen.includes("Ready to accept connections")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`redis-server exited (${code}): ${seen}`)));
  });
  return child;
}

/** Starts redis-server on a free port of 127.0.0.1, in a temporary folder (AOF on if asked). */
export async function startRedis(options: { aof?: boolean } = {}): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), "keel-redis-"));
  const port = await freePort();
  let child: ChildProcess | undefined = await launch(port, dir, options.aof ?? false);
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, "exit");
    running.kill("SIGTERM");
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    stop,
    restart: async () => {
      await stop();
      child = await launch(port, dir, options.aof ?? false);
    },
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
