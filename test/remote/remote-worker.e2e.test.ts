import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { Job, Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { trustFolder } from "../../src/config/trust/trust-store.js";
import { parseScenario } from "../../src/model/scripted/scenario.js";
import { type ScriptedServer, startScriptedServer } from "../../src/model/scripted/server.js";
import { RemoteClient } from "../../src/remote/remote-client.js";
import { remoteResultSchema } from "../../src/remote/remote-task.js";
import type { SdkMessage } from "../../src/session/sdk-messages.js";
import { sessionTranscriptPath } from "../../src/session/transcript/paths.js";
import { REPL_PROMPT, usePtyRepl } from "../cli/repl/pty-repl.js";
import { exitWithCtrlC, typeLine } from "../cli/repl/pty-screen.js";
import { startRedis, type TestRedis } from "../helpers/redis-server.js";
import { KEEL_NODE_ARGS, type KeelRun, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv } from "../helpers/scripted.js";
import { stopProcess } from "../helpers/stop-process.js";
import { git, originAndClone } from "./origin-repo.js";

const QUEUE = "keel-remote";
/** Generous: other test runs may share the machine, and nothing here asserts on time. */
const SLOW = 60_000;
const pty = usePtyRepl("keel-remote-attach");
const PASSWORD = "s3cret pass";

/** One session's turns: write a file, then say done. */
const writes = (file: string, text: string) => [
  { content: [{ type: "tool_use", name: "Write", input: { file_path: file, content: text } }] },
  { content: `Wrote ${file}.` },
];

let root: string;
let redis: TestRedis;
let worker: ChildProcess;
let workerErr = "";
let queue: Queue;
let connection: Redis;
let origin: string;
let clone: string;
/** The port the worker's sessions reach the model on; each test serves its own turns there. */
let modelPort: number;
let server: ScriptedServer | undefined;
/** What every keel process needs to reach this Redis: its URL, and trust in its certificate. */
let redisEnv: Record<string, string>;

/** Serves the worker's sessions these turns (in the order they are asked for) in this test. */
async function serve(turns: unknown[]): Promise<ScriptedServer> {
  const scenario = parseScenario({ name: "remote", turnMode: "count", turns }, "remote scenario");
  server = await startScriptedServer({ scenario, port: modelPort });
  return server;
}

/** Waits for a job to finish (completed or failed) and returns it. */
async function finished(taskId: string): Promise<Job> {
  for (;;) {
    const job = await Job.fromId(queue, taskId);
    if (job?.finishedOn) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function submit(args: string[], env: Record<string, string> = {}): Promise<string> {
  const run = await runKeel(["--remote", ...args], { cwd: clone, env: { ...redisEnv, ...env } });
  expect(run.stderr).toContain("queued on keel-remote");
  expect(run.code).toBe(0);
  return run.stdout.trim();
}

/**
 * Runs a stream-json session in the clone that is sent `prompt`, and keeps its input open
 * until it has printed `results` results (turns of its own included); returns its lines.
 */
async function streamJsonSession(
  model: ScriptedServer,
  prompt: string,
  results: number,
): Promise<SdkMessage[]> {
  const args = ["--input-format", "stream-json", "--output-format", "stream-json", "--verbose"];
  const child = spawn(
    process.execPath,
    [
      ...KEEL_NODE_ARGS,
      ...args,
      "--permission-mode",
      "acceptEdits",
      "--disallowedTools",
      "WebFetch",
      // The clone's planted .mcp.json server must not start here either.
      "--strict-mcp-config",
    ],
    {
      cwd: clone,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: join(root, "main"),
        ...redisEnv,
        ...anthropicEnv(model),
      },
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  const user = {
    type: "user",
    message: { role: "user", content: prompt },
    parent_tool_use_id: null,
  };
  child.stdin?.write(`${JSON.stringify(user)}\n`);
  const closed = once(child, "close");
  const lines: SdkMessage[] = [];
  for await (const line of createInterface({ input: child.stdout! })) {
    if (line.trim() === "") continue;
    lines.push(JSON.parse(line) as SdkMessage);
    if (lines.filter((l) => l.type === "result").length === results) child.stdin?.end();
  }
  await closed;
  return lines;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "keel-remote-"));
  // What a submitter's repository could carry to widen a worker: neither may take effect.
  const mcp = { mcpServers: { planted: { command: "touch", args: [join(root, "planted")] } } };
  const widening = { permissions: { defaultMode: "bypassPermissions", allow: ["Bash"] } };
  ({ origin, clone } = originAndClone(root, {
    "README.md": "# project\n",
    ".mcp.json": JSON.stringify(mcp),
    ".claude/settings.json": JSON.stringify(widening),
  }));
  // rediss:// with a password: every test here goes through TLS and AUTH.
  redis = await startRedis({ tls: true, password: PASSWORD });
  redisEnv = { KEEL_REDIS_URL: redis.url, NODE_EXTRA_CA_CERTS: redis.caFile ?? "" };
  const probe = await startScriptedServer({ scenario: parseScenario({ turns: [] }, "probe") });
  modelPort = probe.port;
  await probe.close();
  worker = spawn(
    process.execPath,
    [
      ...KEEL_NODE_ARGS,
      "worker",
      "--workspace",
      join(root, "ws"),
      "--permission-mode",
      "acceptEdits",
      "--allowedTools",
      "Bash(printenv)",
    ],
    {
      env: {
        // From the environment this time: the worker's sessions must not see it.
        KEEL_REDIS_URL: redis.url,
        PATH: process.env.PATH ?? "",
        HOME: root,
        KEEL_CONFIG_DIR: join(root, ".keel"),
        NODE_EXTRA_CA_CERTS: redis.caFile ?? "",
        ANTHROPIC_BASE_URL: `http://127.0.0.1:${modelPort}`,
        ANTHROPIC_API_KEY: "test-key",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  worker.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    workerErr += chunk;
  });
  const [first] = (await once(worker.stdout!, "data")) as [Buffer];
  expect(first.toString()).toContain("taking tasks from keel-remote (ceiling: acceptEdits)");
  const ca = readFileSync(redis.caFile ?? "");
  connection = new Redis(redis.url, { maxRetriesPerRequest: null, tls: { ca } });
  queue = new Queue(QUEUE, { connection });
});

afterEach(async () => {
  rmSync(join(clone, "local.txt"), { force: true });
  const served = server;
  server = undefined;
  await served?.close();
  expect(served?.violations ?? []).toEqual([]);
});

afterAll(async () => {
  await queue?.close();
  connection?.disconnect();
  await stopProcess(worker);
  await redis?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("keel --remote and keel worker", () => {
  it("runs a task from a pushed commit and pushes branch keel/<task-id> to the repository", async () => {
    await serve(writes("notes.txt", "from the worker\n"));
    const taskId = await submit(["add notes"]);
    expect(taskId).toMatch(/^r[0-9a-z]{10}$/);
    const job = await finished(taskId);
    const result = remoteResultSchema.parse(job.returnvalue);
    expect(result).toMatchObject({
      taskId,
      status: "completed",
      pushed: true,
      branch: `keel/${taskId}`,
    });
    expect(result.resultText).toBe("Wrote notes.txt.");
    expect(git(origin, "show", `keel/${taskId}:notes.txt`)).toBe("from the worker\n");
    // The session's messages went to the task's log stream, its result last.
    const log = await connection.xrange(`keel:${QUEUE}:${taskId}:log`, "-", "+");
    const last = JSON.parse(log.at(-1)![1][1]!) as { type: string };
    expect(last.type).toBe("result");
    const init = JSON.parse(log[0]![1][1]!) as { permissionMode: string; mcp_servers: unknown[] };
    expect(init).toMatchObject({ type: "system", permissionMode: "acceptEdits", mcp_servers: [] });
    expect(existsSync(join(root, "planted"))).toBe(false);
    // keel attach follows it, then brings the branch and the session here.
    const home = join(root, "user");
    const env = { ...redisEnv, HOME: home, KEEL_CONFIG_DIR: join(home, ".keel") };
    const attached = await runKeel(["attach", taskId], { cwd: clone, env });
    expect(attached.stdout).toContain("● Write(");
    expect(attached.stderr).toBe(
      `keel: ${taskId} completed; its work is on branch keel/${taskId}\nkeel: continue its session with keel --resume ${result.sessionId}\n`,
    );
    expect(git(clone, "show", `keel/${taskId}:notes.txt`)).toBe("from the worker\n");
    const transcript = readFileSync(
      sessionTranscriptPath(join(home, ".keel"), clone, result.sessionId ?? ""),
      "utf8",
    );
    expect(transcript).toContain("Wrote notes.txt.");
  });

  it("keel attach in a terminal follows the task, fetches its branch and continues its session in the REPL", async () => {
    const model = await serve([...writes("pty.txt", "attached\n"), { content: "Continued here." }]);
    const taskId = await submit(["write pty.txt"]);
    // Another clone of the repository, without the files that would ask questions at start.
    const here = join(pty.dir, "here");
    git(pty.dir, "clone", "--quiet", origin, here);
    rmSync(join(here, ".mcp.json"));
    rmSync(join(here, ".claude"), { recursive: true });
    await trustFolder(pty.stateDir, here, new Date(0));
    const screen = pty.spawn(["attach", taskId], { ...redisEnv, ...anthropicEnv(model) }, here);
    const opened = await screen.waitFor((s) => s.includes(REPL_PROMPT), "the REPL", SLOW);
    expect(opened).toMatch(/Resumed session [0-9a-f-]{36} \(\d+ earlier messages\)/);
    expect(opened).toContain("> write pty.txt");
    expect(git(here, "show", `keel/${taskId}:pty.txt`)).toBe("attached\n");
    await typeLine(screen, "and then?", SLOW);
    await screen.waitFor((s) => s.includes("Continued here."), "the answer", SLOW);
    expect(await exitWithCtrlC(screen, SLOW)).toBe(0);
    // The third request continued the worker's session: its conversation, then the new prompt.
    expect(model.requests).toHaveLength(3);
    const continued = JSON.stringify(model.requests[2]?.body);
    expect(continued).toContain("Wrote pty.txt.");
    expect(continued).toContain("and then?");
  });

  it("the Agent tool's isolation: remote submits the task, returns its id at once and tells its end as a turn of its own", async () => {
    await serve(writes("agent.txt", "from a remote agent\n"));
    const agentCall = {
      type: "tool_use",
      name: "Agent",
      input: { description: "Write agent.txt", prompt: "write agent.txt", isolation: "remote" },
    };
    const main = await startScriptedServer({
      scenario: parseScenario(
        { turns: [{ content: [agentCall] }, { content: "Sent it." }, { content: "It is done." }] },
        "main session",
      ),
    });
    try {
      const lines = await streamJsonSession(main, "send it off", 2);
      const results = lines.filter((l) => l.type === "result");
      expect(results.map((r) => r.type === "result" && r.result)).toEqual([
        "Sent it.",
        "It is done.",
      ]);
      const sent = JSON.stringify(main.requests[1]?.body);
      const taskId = /task (r[0-9a-z]{10}) \(kind remote_agent\)/.exec(sent)?.[1] ?? "";
      expect(taskId).not.toBe("");
      // The notice's turn: the remote task's end, its final text and where its work is.
      const notice = JSON.stringify(main.requests[2]?.body);
      expect(notice).toContain(`<task-id>${taskId}</task-id>`);
      expect(notice).toContain("<status>completed</status>");
      expect(notice).toContain("Wrote agent.txt.");
      expect(notice).toContain(`branch keel/${taskId} of origin`);
      expect(git(origin, "show", `keel/${taskId}:agent.txt`)).toBe("from a remote agent\n");
      // Submitted as keel --remote submits: the session's mode and rules went with it.
      const job = await finished(taskId);
      expect(job.data).toMatchObject({
        prompt: "write agent.txt",
        permissionMode: "acceptEdits",
        disallowedTools: ["WebFetch"],
        source: { kind: "git" },
      });
      expect(main.violations).toEqual([]);
    } finally {
      await main.close();
    }
  });

  it("sends a bundle when the work is not on origin, and keeps a patch when it cannot push", async () => {
    await serve(writes("more.txt", "bundled\n"));
    writeFileSync(join(clone, "local.txt"), "not pushed\n");
    const taskId = await submit(["add more"]);
    const job = await finished(taskId);
    expect(job.failedReason).toBeUndefined();
    const result = remoteResultSchema.parse(job.returnvalue);
    expect(result).toMatchObject({ status: "completed", pushed: false });
    expect(result.patch).toContain("+bundled");
    expect(job.data.source.kind).toBe("bundle");
    // The bundle's base commit holds the uncommitted file; the patch holds only the task's work.
    expect(git(clone, "show", `${job.data.source.commit}:local.txt`)).toBe("not pushed\n");
    expect(result.patch).not.toContain("local.txt");
    expect(git(clone, "status", "--porcelain")).toBe("?? local.txt\n"); // the user's tree untouched
    // The bundle went to Redis with the task and was deleted when the task ended.
    expect(job.data.source).toEqual({
      kind: "bundle",
      commit: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect(await connection.exists(`keel:${QUEUE}:${taskId}:bundle`)).toBe(0);
  });

  it("lists the task in keel ps, follows it with keel logs -f and stops it with keel kill", async () => {
    await serve([
      { content: [{ type: "tool_use", name: "Bash", input: { command: "sleep 30" } }] },
    ]);
    const env = redisEnv;
    const taskId = await submit(["sleep a while"]);
    let killed: Promise<KeelRun> | undefined;
    const logs = runKeel(["logs", taskId, "-f"], {
      env,
      onStdout: (chunk) => {
        if (!killed && chunk.includes("● Bash(sleep 30)"))
          killed = runKeel(["kill", taskId], { env });
      },
    });
    const followed = await logs;
    expect((await killed)?.stdout).toBe(`${taskId} killed\n`);
    expect(followed.code).toBe(0);
    const job = await finished(taskId);
    expect(job.failedReason).toBe("killed (keel kill)");
    const ps = await runKeel(["ps"], { env });
    const row = ps.stdout.split("\n").find((line) => line.startsWith(taskId));
    expect(row).toMatch(
      new RegExp(
        `^${taskId}\\s+remote_agent\\s+killed\\s+\\S+:\\d+\\s+\\d+s\\s+\\$\\d\\.\\d{4}\\s+sleep a while$`,
      ),
    );
  });

  it("runs a task's session without the worker's Redis URL (and password) in its environment", async () => {
    const printenv = { type: "tool_use", name: "Bash", input: { command: "printenv" } };
    const model = await serve([{ content: [printenv] }, { content: "Looked." }]);
    const taskId = await submit(["look at the environment"]);
    const job = await finished(taskId);
    expect(remoteResultSchema.parse(job.returnvalue).resultText).toBe("Looked.");
    const seen = JSON.stringify(model.requests[1]?.body);
    expect(seen).toContain("ANTHROPIC_BASE_URL=http://127.0.0.1"); // printenv ran
    expect(seen).not.toContain("KEEL_REDIS_URL");
    expect(seen).not.toContain(encodeURIComponent(PASSWORD));
  });

  it("says in keel ps when Redis cannot be reached", async () => {
    const ps = await runKeel(["ps"], { env: { KEEL_REDIS_URL: "redis://127.0.0.1:1" } });
    expect(ps.code).toBe(0);
    expect(ps.stderr).toMatch(
      /^keel: remote tasks not listed: Redis at redis:\/\/127\.0\.0\.1:1 is unreachable \(.*ECONNREFUSED.*\)\n$/,
    );
  });

  it("refuses a wrong password and an untrusted certificate in one line, the password not shown", async () => {
    const wrong = redis.url.replace(encodeURIComponent(PASSWORD), "wrong");
    const ps = await runKeel(["ps"], { env: { ...redisEnv, KEEL_REDIS_URL: wrong } });
    expect(ps.code).toBe(0);
    expect(ps.stderr).toBe(
      `keel: remote tasks not listed: Redis at rediss://:***@127.0.0.1:${redis.port} is unreachable (WRONGPASS invalid username-password pair or user is disabled.)\n`,
    );
    // This process does not trust the test's certificate: TLS is checked, not only encrypted.
    const client = new RemoteClient(redis.url, QUEUE);
    await expect(client.connect()).rejects.toThrow(/self-signed certificate/);
    await client.close();
  });

  it("refuses a task that asks for more than the worker's ceiling", async () => {
    const taskId = await submit(["--permission-mode", "bypassPermissions", "anything"]);
    const job = await finished(taskId);
    expect(job.failedReason).toBe(
      "refused: the task asks for permission mode bypassPermissions, above this worker's ceiling (acceptEdits)",
    );
    expect(job.attemptsMade).toBe(1);
    expect(workerErr).not.toContain("Error");
    // This test's Redis runs without AOF: the worker said so at start.
    expect(workerErr).toContain(
      "keel worker: warning: Redis runs without AOF (appendonly no): a Redis restart can lose tasks; see docs/scale.md\n",
    );
  });

  it("says in one line how to set Redis up when none is configured", async () => {
    const run = await runKeel(["--cloud", "anything"], { cwd: clone });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^keel: no Redis configured for remote agents: pass --redis .*docs\/scale\.md\)?\n$/,
    );
  });
});
