import { type ChildProcess, spawn } from "node:child_process";
import { appendFile, mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ScriptedServer } from "../../src/model/scripted/server.js";
import type { SdkMessage } from "../../src/session/sdk-messages.js";
import { jsonLines, KEEL_NODE_ARGS, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const EVERYTHING = fileURLToPath(
  new URL("../../node_modules/.bin/mcp-server-everything", import.meta.url),
);
const ARCHITECTURE = "demo://resource/static/document/architecture.md";

let dir: string;
let home: string;
/** Sessions still running when a test ends (it failed midway): stopped, not left behind. */
const open = new Set<ChildProcess>();

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-monitor-stream-")));
  home = await mkdtemp(join(tmpdir(), "keel-monitor-stream-home-"));
  await mkdir(join(dir, ".claude"));
});

afterEach(async () => {
  for (const child of open) child.kill("SIGTERM"); // keel stops its shells and servers on it
  open.clear();
  await rm(dir, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

const user = (text: string) =>
  `${JSON.stringify({ type: "user", message: { role: "user", content: text }, parent_tool_use_id: null })}\n`;

/** Settles once `check` holds (polled; the test's own timeout bounds it). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 25));
}

/**
 * keel in stream-json input mode with stdin left open, as an SDK host runs it: lines are
 * written while it runs, stdout is read as it comes, and `end` closes stdin and waits for exit.
 */
function openSession(server: ScriptedServer, extraArgs: string[] = []) {
  const child = spawn(
    process.execPath,
    [
      ...KEEL_NODE_ARGS,
      "--input-format",
      "stream-json",
      "--output-format",
      "stream-json",
      "--verbose",
      ...extraArgs,
    ],
    {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: home,
        KEEL_CONFIG_DIR: join(home, ".keel"),
        KEEL_RETRY_BASE_MS: "1",
        ...anthropicEnv(server),
      },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  open.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once("close", (code) => {
      open.delete(child);
      resolve(code);
    }),
  );
  const results = () => jsonLines(stdout.slice(0, stdout.lastIndexOf("\n") + 1));
  return {
    send: (line: string) => child.stdin.write(line),
    results: () =>
      results().filter((m): m is Extract<SdkMessage, { type: "result" }> => m.type === "result"),
    lines: results,
    stderr: () => stderr,
    end: async () => {
      child.stdin.end();
      return exited;
    },
  };
}

async function keelPs(): Promise<string> {
  const run = await runKeel(["ps"], {
    cwd: dir,
    env: { HOME: home, KEEL_CONFIG_DIR: join(home, ".keel") },
  });
  expect(run.code).toBe(0);
  return run.stdout;
}

describe("monitors in a stream-json session (stdin open, as an SDK host runs keel)", () => {
  it("turns a line `tail -f` sees while the session is idle into a turn of its own on stdout", async () => {
    await writeFile(
      join(dir, ".claude", "settings.json"),
      JSON.stringify({ permissions: { allow: ["Monitor"] } }),
    );
    const log = join(dir, "app.log");
    await writeFile(log, "");
    const server = await scriptedServer({
      turns: [
        {
          content: [
            {
              type: "tool_use",
              name: "Monitor",
              input: { description: "app log", command: `tail -f ${log}`, timeout_ms: 600_000 },
            },
          ],
        },
        { content: "Watching the log." },
        { content: "The app ran out of memory." },
      ],
    });
    const session = openSession(server);
    session.send(user("watch app.log"));
    await until(() => session.results().length === 1);
    await appendFile(log, "FATAL out of memory\n");
    await until(() => session.results().length === 2);
    expect(await session.end()).toBe(0);
    expect(server.violations).toEqual([]);
    expect(session.results().map((r) => r.result)).toEqual([
      "Watching the log.",
      "The app ran out of memory.",
    ]);
    const woke = JSON.stringify(server.requests[2]?.body);
    expect(woke).toContain("<monitor-event>");
    expect(woke).toContain("FATAL out of memory");
    expect(await keelPs()).toMatch(/ local_bash:monitor +killed .* app log\n/);
  });

  it("brings a server-everything resource update to the model, and keel ps lists a monitor_mcp", async () => {
    const config = join(dir, "mcp.json");
    await writeFile(
      config,
      JSON.stringify({ mcpServers: { everything: { command: EVERYTHING, args: ["stdio"] } } }),
    );
    await writeFile(
      join(dir, ".claude", "settings.json"),
      JSON.stringify({ permissions: { allow: ["Monitor", "mcp__everything"] } }),
    );
    const spare = { content: "Still watching." };
    const server = await scriptedServer({
      turns: [
        {
          content: [
            {
              type: "tool_use",
              name: "Monitor",
              input: {
                description: "architecture doc",
                timeout_ms: 600_000,
                mcp: { server: "everything", resources: [ARCHITECTURE], logs: false },
              },
            },
          ],
        },
        // server-everything sends the first update at once, then one every 5 s.
        {
          content: [
            { type: "tool_use", name: "mcp__everything__toggle-subscriber-updates", input: {} },
          ],
        },
        { content: "Watching the document." },
        spare,
        spare,
        spare,
      ],
    });
    const session = openSession(server, ["--mcp-config", config, "--strict-mcp-config"]);
    session.send(user("tell me when the architecture doc changes"));
    const updated = () =>
      server.requests.some((r) =>
        JSON.stringify(r.body).includes(`resource updated: ${ARCHITECTURE}`),
      );
    await until(() => session.results().length > 0 && updated());
    expect(await session.end()).toBe(0);
    expect(server.violations).toEqual([]);
    expect(session.stderr()).not.toMatch(/MCP server "everything" (connection failed|is not)/);
    expect(session.results()[0]?.result).toBe("Watching the document.");
    expect(await keelPs()).toMatch(/ monitor_mcp +killed .* architecture doc\n/);
  });
});
