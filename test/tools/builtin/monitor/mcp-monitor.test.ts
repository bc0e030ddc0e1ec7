import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { taskTable } from "../../../../src/cli/tasks/task-table.js";
import { createMcpManager, type McpManager } from "../../../../src/mcp/index.js";
import type { SessionEvent, UnpromptedTurn } from "../../../../src/session/engine/session-event.js";
import type { SdkMessage } from "../../../../src/session/sdk-messages.js";
import { McpMonitors } from "../../../../src/tasks/mcp-monitors.js";
import { tasksRoot } from "../../../../src/tasks/task-paths.js";
import { TaskStore } from "../../../../src/tasks/task-store.js";
import {
  type BackgroundShells,
  createBackgroundShells,
} from "../../../../src/tools/background/index.js";
import { noticeLine } from "../../../../src/tools/builtin/monitor/mcp-monitor-watch.js";
import { createMonitorTool } from "../../../../src/tools/builtin/monitor/monitor-tool.js";
import { createTaskStopTool } from "../../../../src/tools/builtin/task-stop/task-stop-tool.js";
import type { BuiltinToolsConfig } from "../../../../src/tools/builtin-config.js";
import type { AnyTool } from "../../../../src/tools/tool.js";
import { makeToolCallContext } from "../../../helpers/tool-context.js";
import { fixture, startManager, stdioServer, tempFolder } from "../../../mcp/mcp-test-kit.js";
import { collect, requestText, resultOf, scriptedEngine } from "../../../session/engine/helpers.js";

type MonitorEvent = Extract<SessionEvent, { type: "monitor_event" }>;

const STATUS = "keel://status";

interface Setup {
  manager: McpManager;
  store: TaskStore;
  monitors: McpMonitors;
  shells: BackgroundShells;
  config: BuiltinToolsConfig;
  events: MonitorEvent[];
  /** Where events go besides `events` (an engine's deliver, in the turn tests). */
  forward: { to: (event: SessionEvent) => void };
}

let setup: Setup;
/** One server for the tests that leave it running (started once: each start costs a node). */
let shared: McpManager;

const notifyServer = () => stdioServer("notify", process.execPath, [fixture("notify-server.mjs")]);

let sharedState: string;

beforeAll(async () => {
  sharedState = await mkdtemp(join(tmpdir(), "keel-mcp-monitor-state-"));
  shared = createMcpManager({
    servers: [notifyServer()],
    stateDir: sharedState,
    cwd: process.cwd(),
    env: process.env,
  });
  await shared.whenSettled();
});

afterAll(async () => {
  await shared.close();
  await rm(sharedState, { recursive: true, force: true });
});

beforeEach(async () => {
  const dir = await tempFolder("keel-mcp-monitor-");
  const manager = shared;
  const store = new TaskStore(tasksRoot(dir));
  const events: MonitorEvent[] = [];
  const forward = { to: (_event: SessionEvent) => {} };
  const monitors = new McpMonitors({
    store,
    sessionId: "s1",
    cwd: dir,
    deliver: (event) => {
      if (event.type === "monitor_event") events.push(event);
      forward.to(event);
    },
    killCheckMs: 20,
  });
  monitors.connect(manager.notifications);
  const config = { cwd: dir, sessionDir: dir, stateDir: dir, env: process.env };
  const shells = createBackgroundShells(config, { killGraceMs: 200 });
  setup = { manager, store, monitors, shells, config, events, forward };
});

afterEach(async () => {
  await setup.monitors.dispose();
  await setup.shells.dispose();
});

/** Settles once `check` holds (polled; the test's own timeout bounds it). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

function monitorTool(): AnyTool {
  return createMonitorTool(setup.config, {
    shells: setup.shells,
    deliver: () => {},
    mcpMonitors: setup.monitors,
    windowMs: 50,
  }) as unknown as AnyTool;
}

/** Calls a tool directly; returns its data and the text the model would read. */
async function run(tool: AnyTool, input: Record<string, unknown>) {
  const checked = await tool.validateInput?.(input as never, makeToolCallContext());
  if (checked && !checked.ok) throw new Error(checked.message);
  const { data } = await tool.call(input as never, makeToolCallContext(), () => {});
  const block = tool.mapToolResult(data, "toolu_1");
  return { data, text: typeof block.content === "string" ? block.content : "" };
}

async function serverTool(tool: string, args: Record<string, unknown> = {}): Promise<string> {
  const signal = new AbortController().signal;
  return (await setup.manager.callTool({ server: "notify", tool, args }, signal)).text;
}

async function startWatch(extra: Record<string, unknown> = {}): Promise<string> {
  const { data } = await run(monitorTool(), {
    description: "status page",
    timeout_ms: 60_000,
    mcp: { server: "notify", resources: [STATUS] },
    ...extra,
  });
  return (data as { taskId: string }).taskId;
}

describe("Monitor on an MCP server (monitor_mcp)", () => {
  it("turns a subscribed resource's update and the server's log line into a turn of an idle session", async () => {
    const monitor = monitorTool();
    const { engine, provider } = scriptedEngine(
      {
        turns: [
          {
            content: [
              {
                type: "tool_use",
                name: "Monitor",
                input: {
                  description: "status page",
                  timeout_ms: 60_000,
                  mcp: { server: "notify", resources: [STATUS] },
                },
              },
            ],
          },
          { content: "Watching the status page." },
          { content: "The status page changed." },
          // In case the log line comes in a window of its own (a loaded machine).
          { content: "Noted." },
        ],
      },
      { tools: [monitor] },
    );
    setup.forward.to = (event) => engine.deliver(event);
    const turns: SdkMessage[][] = [];
    engine.onUnpromptedTurn(async (turn: UnpromptedTurn) => {
      turns.push(await collect(turn.messages));
    });
    const first = await collect(engine.submitMessage("watch the status page"));
    expect(resultOf(first).result).toBe("Watching the status page.");
    expect(JSON.parse(await serverTool("subscriptions"))).toEqual([STATUS]);
    await serverTool("update", { uri: STATUS });
    const heard = () => setup.events.map((e) => e.text).join("\n");
    await until(() => heard().includes("log info notify") && turns.length > 0);
    await engine.whenIdle();
    expect(resultOf(turns[0] ?? []).result).toBe("The status page changed.");
    expect(requestText(provider, 2)).toContain("<monitor-event>");
    const woken = provider.requests.slice(2).map((r) => JSON.stringify(r.body));
    expect(woken.join("")).toContain(`resource updated: ${STATUS}`);
    expect(woken.join("")).toContain(`log info notify: updated ${STATUS}`);
    const { tasks } = await setup.store.list();
    expect(tasks).toMatchObject([
      { kind: "monitor_mcp", server: "notify", resources: [STATUS], status: "running" },
    ]);
    expect(taskTable(tasks, setup.store.time())).toMatch(/ monitor_mcp +running .* status page\n$/);
    // keel logs reads every line heard from the task's output log.
    const log = await readFile(setup.store.paths(tasks[0]?.id ?? "").output, "utf8");
    expect(log).toBe(`resource updated: ${STATUS}\nlog info notify: updated ${STATUS}\n`);
  });

  it("shows only its own resources' updates, and log lines unless logs is false", () => {
    const watching = { resources: [STATUS], logs: false };
    expect(noticeLine({ type: "resource_updated", uri: STATUS }, watching)).toBe(
      `resource updated: ${STATUS}`,
    );
    expect(noticeLine({ type: "resource_updated", uri: "keel://other" }, watching)).toBeUndefined();
    expect(noticeLine({ type: "log", level: "info", data: "x" }, watching)).toBeUndefined();
    expect(
      noticeLine({ type: "log", level: "error", data: { a: 1 } }, { ...watching, logs: true }),
    ).toBe('log error: {"a":1}');
  });

  it("stops on TaskStop: unsubscribes, says so, and is recorded killed", async () => {
    const id = await startWatch();
    expect(id).toMatch(/^m[0-9a-z]{8}$/);
    const stop = createTaskStopTool(
      setup.config,
      setup.shells,
      setup.monitors,
    ) as unknown as AnyTool;
    const { text } = await run(stop, { task_id: id });
    expect(text).toBe(`Stopped MCP monitor ${id} (status page, server notify).`);
    expect(setup.events.map((e) => e.text)).toEqual(["[monitor stopped]"]);
    expect(JSON.parse(await serverTool("subscriptions"))).toEqual([]);
    expect(await setup.store.read(id)).toMatchObject({ status: "killed" });
    const again = await run(stop, { task_id: id });
    expect(again.text).toContain("had already ended (killed)");
  });

  it("keeps a resource subscribed while another monitor still watches it", async () => {
    const first = await startWatch();
    const second = await startWatch();
    await setup.monitors.stop(first);
    expect(JSON.parse(await serverTool("subscriptions"))).toEqual([STATUS]);
    await setup.monitors.stop(second);
    expect(JSON.parse(await serverTool("subscriptions"))).toEqual([]);
  });

  it("stops when keel kill asks from elsewhere", async () => {
    const id = await startWatch();
    await setup.store.requestKill(id);
    await until(async () => (await setup.store.read(id))?.status === "killed");
    expect(setup.events.at(-1)?.text).toBe("[monitor stopped]");
  });

  it("ends at its deadline and says so", async () => {
    const id = await startWatch({ timeout_ms: 300 });
    await until(() => setup.events.length > 0);
    expect(setup.events.map((e) => e.text)).toEqual([
      "[monitor ended: its deadline of 300 ms passed; start it again to keep watching]",
    ]);
    await until(async () => (await setup.store.read(id))?.status === "killed");
  });

  it("ends when the server goes, and says so", async () => {
    const own = await startManager({ servers: [notifyServer()] });
    await own.whenSettled();
    setup.manager = own;
    setup.monitors.connect(own.notifications);
    const id = await startWatch();
    await serverTool("exit");
    await until(() => setup.events.some((e) => e.text.startsWith("[monitor ended")));
    expect(setup.events.at(-1)?.text).toMatch(/^\[monitor ended: MCP server "notify" is gone/);
    await until(async () => (await setup.store.read(id))?.status === "failed");
  });

  it("keeps a flood of log messages within the bounds", async () => {
    const limits =
      "KEEL_MONITOR_MAX_LINES=5,KEEL_MONITOR_MAX_CHARS=200,KEEL_MONITOR_MAX_TOTAL_CHARS=150";
    const env = Object.fromEntries(limits.split(",").map((pair) => pair.split("=")));
    setup.config = { ...setup.config, env: { ...process.env, ...env } };
    const id = await startWatch({ mcp: { server: "notify" } });
    await serverTool("shout", { count: 500 });
    await until(() => setup.events.some((e) => e.text.startsWith("[monitor stopped: its events")));
    const batches = setup.events.slice(0, -1);
    for (const event of batches) expect(event.text.split("\n").length).toBeLessThanOrEqual(6);
    expect(batches.reduce((sum, e) => sum + e.text.length, 0)).toBeLessThan(150 + 200 + 100);
    expect(batches.some((e) => /more lines \(\d+ characters\) not shown/.test(e.text))).toBe(true);
    await until(async () => (await setup.store.read(id))?.status === "killed");
  });

  it("refuses a server the session does not have, leaving no task behind", async () => {
    await expect(startWatch({ mcp: { server: "nope" } })).rejects.toThrow(
      'No MCP server named "nope" (the session\'s servers: notify)',
    );
    expect((await setup.store.list()).tasks).toEqual([]);
  });

  it("refuses mcp together with command, and mcp watching nothing", async () => {
    await expect(startWatch({ command: "true" })).rejects.toThrow(
      "give only one of command, ws and mcp",
    );
    await expect(startWatch({ mcp: { server: "notify", logs: false } })).rejects.toThrow(
      "mcp watches nothing",
    );
  });
});
