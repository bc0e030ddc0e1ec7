import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A redis-server a test started in a temporary folder of its own. */
export interface TestRedis {
  /** redis:// (or rediss:// with TLS), with the password when there is one. */
  url: string;
  port: number;
  dir: string;
  /** With TLS: the server's self-signed certificate, which clients must trust (NODE_EXTRA_CA_CERTS). */
  caFile?: string;
  /** Stops it with SIGTERM (an AOF Redis writes its file first) and waits for the exit. */
  stop: () => Promise<void>;
  /** Starts it again on the same port and folder (what was saved comes back). */
  restart: () => Promise<void>;
  /** Stops it and removes its folder. */
  close: () => Promise<void>;
}

/** How the test's Redis runs. */
export interface TestRedisOptions {
  aof?: boolean;
  /** Clients must AUTH with it (`--requirepass`). */
  password?: string;
  /** TLS only (no plain port), with a self-signed certificate for 127.0.0.1. */
  tls?: boolean;
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

/** A self-signed certificate for 127.0.0.1 and its key, written into `dir`. */
function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, "redis.crt");
  const key = join(dir, "redis.key");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=127.0.0.1"],
      ...["-addext", "subjectAltName=IP:127.0.0.1"],
    ],
    { stdio: "ignore" },
  );
  return { cert, key };
}

function serverArgs(port: number, dir: string, options: TestRedisOptions): string[] {
  const listen = options.tls
    ? ["--port", "0", "--tls-port", String(port), "--tls-auth-clients", "no"]
    : ["--port", String(port)];
  const tls = options.tls
    ? ["--tls-cert-file", join(dir, "redis.crt"), "--tls-key-file", join(dir, "redis.key")]
    : [];
  const auth = options.password === undefined ? [] : ["--requirepass", options.password];
  return [
    ...listen,
    ...tls,
    ...auth,
    ...["--bind", "127.0.0.1", "--dir", dir, "--save", ""],
    ...["--appendonly", options.aof ? "yes" : "no", "--maxmemory-policy", "noeviction"],
  ];
}

/** Starts redis-server with `args` and waits until it accepts connections. */
export async function launchRedisServer(args: string[]): Promise<ChildProcess> {
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

/** Starts redis-server on a free port of 127.0.0.1, in a temporary folder. */
export async function startRedis(options: TestRedisOptions = {}): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), "keel-redis-"));
  const caFile = options.tls ? selfSignedCertificate(dir).cert : undefined;
  const port = await freePort();
  const args = serverArgs(port, dir, options);
  let child: ChildProcess | undefined = await launchRedisServer(args);
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, "exit");
    running.kill("SIGTERM");
    await exited;
  };
  const auth = options.password === undefined ? "" : `:${encodeURIComponent(options.password)}@`;
  return {
    url: `${options.tls ? "rediss" : "redis"}://${auth}127.0.0.1:${port}`,
    port,
    dir,
    ...(caFile === undefined ? {} : { caFile }),
    stop,
    restart: async () => {
      await stop();
      child = await launchRedisServer(args);
    },
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
