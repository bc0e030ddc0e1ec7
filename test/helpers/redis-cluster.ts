import { type ChildProcess, execFile } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { launchRedisServer } from "./redis-server.js";

const run = promisify(execFile);

/** A Redis Cluster of masters on 127.0.0.1 a test started, each node in a folder of its own. */
export interface TestRedisCluster {
  /** redis+cluster://127.0.0.1:<port>,… (every node a seed). */
  url: string;
  ports: number[];
  /** Stops every node and removes their folders. */
  close: () => Promise<void>;
}

/** `count` distinct free ports of 127.0.0.1 (all held open until every one is chosen). */
async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer();
      server.listen(0, "127.0.0.1");
      await once(server, "listening");
      servers.push(server);
    }
    return servers.map((server) => {
      const address = server.address();
      return typeof address === "object" && address ? address.port : 0;
    });
  } finally {
    await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  }
}

/** Starts one cluster-enabled node; resolves once it accepts connections. */
function startNode(dir: string, port: number, busPort: number): Promise<ChildProcess> {
  return launchRedisServer([
    ...["--port", String(port), "--cluster-port", String(busPort), "--bind", "127.0.0.1"],
    ...["--cluster-enabled", "yes", "--cluster-config-file", join(dir, "nodes.conf")],
    ...["--dir", dir, "--save", "", "--appendonly", "no", "--maxmemory-policy", "noeviction"],
  ]);
}

/** Waits (polling, generously) until every node reports the cluster's state ok. */
async function waitForClusterOk(ports: number[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const infos = await Promise.all(
      ports.map((port) => run("redis-cli", ["-p", String(port), "cluster", "info"])),
    );
    if (infos.every(({ stdout }) => stdout.includes("cluster_state:ok"))) return;
    if (Date.now() > deadline) throw new Error("the Redis Cluster never reached cluster_state:ok");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stopNode(node: ChildProcess): Promise<void> {
  if (node.exitCode !== null || node.signalCode !== null) return;
  const exited = once(node, "exit");
  node.kill("SIGTERM");
  await exited;
}

/** Starts `masters` cluster nodes (no replicas) and joins them with `redis-cli --cluster create`. */
export async function startRedisCluster(masters = 3): Promise<TestRedisCluster> {
  const root = mkdtempSync(join(tmpdir(), "keel-redis-cluster-"));
  const nodes: ChildProcess[] = [];
  const close = async () => {
    await Promise.all(nodes.map(stopNode));
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const allPorts = await freePorts(masters * 2);
    const ports = allPorts.slice(0, masters);
    for (const [i, port] of ports.entries()) {
      const dir = join(root, `node-${i}`);
      mkdirSync(dir);
      nodes.push(await startNode(dir, port, allPorts[masters + i] ?? 0));
    }
    const addresses = ports.map((port) => `127.0.0.1:${port}`);
    await run("redis-cli", [
      ...["--cluster", "create", ...addresses],
      ...["--cluster-replicas", "0", "--cluster-yes"],
    ]);
    await waitForClusterOk(ports);
    return { url: `redis+cluster://${addresses.join(",")}`, ports, close };
  } catch (error) {
    await close();
    throw error;
  }
}
