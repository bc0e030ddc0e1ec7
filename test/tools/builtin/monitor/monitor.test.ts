import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SessionEvent, UnpromptedTurn } from "../../../../src/session/engine/session-event.js";
import type { SdkMessage } from "../../../../src/session/sdk-messages.js";
import {
  type BackgroundShells,
  createBackgroundShells,
} from "../../../../src/tools/background/index.js";
import { eventText } from "../../../../src/tools/builtin/monitor/flood-control.js";
import { createMonitorTool } from "../../../../src/tools/builtin/monitor/monitor-tool.js";
import { watchMonitor } from "../../../../src/tools/builtin/monitor/monitor-watch.js";
import type { BuiltinToolsConfig } from "../../../../src/tools/builtin-config.js";
import { gateTool } from "../../../loop/tools.js";
import { collect, requestText, resultOf, scriptedEngine } from "../../../session/engine/helpers.js";

type MonitorEvent = Extract<SessionEvent, { type: "monitor_event" }>;

let dir: string;
let shells: BackgroundShells;
let config: BuiltinToolsConfig;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "keel-monitor-"));
  config = {
    cwd: dir,
    sessionDir: join(dir, "session"),
    stateDir: join(dir, "state"),
    env: process.env,
  };
  shells = createBackgroundShells(config, { killGraceMs: 200 });
});

afterEach(async () => {
  await shells.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** Settles once `check` holds (polled; the test's own timeout bounds it). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

function monitorEvents(events: SessionEvent[]): MonitorEvent[] {
  return events.filter((e): e is MonitorEvent => e.type === "monitor_event");
}

describe("flood control", () => {
  const limits = { maxLines: 3, maxChars: 40, maxTotalChars: 1_000 };

  it("shows the lines that fit and counts the rest", () => {
    const text = eventText(["a", "b", "c", "d", "e"], limits);
    expect(text).toBe("a\nb\nc\n[… 2 more lines (4 characters) not shown]");
  });

  it("cuts one over-long line to the character limit", () => {
    const text = eventText(["x".repeat(100)], limits);
    expect(text.split("\n")[0]).toHaveLength(40);
    expect(text).toContain("[… 0 more lines");
  });
});

describe("Monitor", () => {
  it("keeps 100,000 lines within the bounds of each event and of the monitor", async () => {
    const limits = { maxLines: 20, maxChars: 500, maxTotalChars: 5_000 };
    const events: MonitorEvent[] = [];
    const task = await shells.start({
      command: "seq 100000",
      shell: "bash",
      cwd: dir,
      env: process.env,
    });
    await watchMonitor(
      { taskId: task.id, description: "count", outputFile: task.outputFile, timeoutMs: 60_000 },
      { shells, deliver: (e) => events.push(e as MonitorEvent), limits },
    );
    const batches = events.slice(0, -1);
    expect(batches.length).toBeGreaterThan(0);
    for (const event of batches) {
      const lines = event.text.split("\n");
      expect(lines.length).toBeLessThanOrEqual(limits.maxLines + 1);
      expect(lines.slice(0, -1).join("\n").length).toBeLessThanOrEqual(limits.maxChars);
    }
    const total = batches.reduce((sum, e) => sum + e.text.length, 0);
    expect(total).toBeLessThan(limits.maxTotalChars + limits.maxChars + 100);
    expect(batches.some((e) => /more lines \(\d+ characters\) not shown/.test(e.text))).toBe(true);
    expect(events.at(-1)?.text).toMatch(/^\[monitor (ended|stopped)/);
  });

  it("wakes an idle session with a line `tail -f` sees, as a turn of its own", async () => {
    const log = join(dir, "app.log");
    writeFileSync(log, "");
    const delivered: SessionEvent[] = [];
    let deliver: (event: SessionEvent) => void = () => {};
    const monitor = createMonitorTool(config, {
      shells,
      deliver: (event) => {
        delivered.push(event);
        deliver(event);
      },
    });
    const { engine, provider } = scriptedEngine(
      {
        turns: [
          {
            content: [
              {
                type: "tool_use",
                name: "Monitor",
                input: {
                  description: "app log",
                  command: `tail -n +1 -f ${log}`,
                  timeout_ms: 60_000,
                },
              },
            ],
          },
          { content: "Watching the log." },
          { content: "The app reported a crash." },
        ],
      },
      { tools: [monitor], cwd: dir },
    );
    deliver = (event) => engine.deliver(event);
    const turns: SdkMessage[][] = [];
    engine.onUnpromptedTurn(async (turn: UnpromptedTurn) => {
      turns.push(await collect(turn.messages));
    });
    const first = await collect(engine.submitMessage("watch app.log"));
    expect(resultOf(first).result).toBe("Watching the log.");
    appendFileSync(log, "ERROR crash in worker 3\n");
    await until(() => turns.length > 0);
    await engine.whenIdle();
    expect(resultOf(turns[0] ?? []).result).toBe("The app reported a crash.");
    expect(requestText(provider, 2)).toContain("ERROR crash in worker 3");
    expect(requestText(provider, 2)).toContain("<monitor-event>");
    const taskId = monitorEvents(delivered)[0]?.taskId ?? "";
    expect(shells.get(taskId)?.status).toBe("running");
  });

  it("reaches a busy turn as an attachment at its next tool boundary", async () => {
    const log = join(dir, "app.log");
    writeFileSync(log, "");
    const gate = gateTool();
    const delivered: SessionEvent[] = [];
    let deliver: (event: SessionEvent) => void = () => {};
    const monitor = createMonitorTool(config, {
      shells,
      deliver: (event) => {
        delivered.push(event);
        deliver(event);
      },
    });
    const { engine, provider } = scriptedEngine(
      {
        turns: [
          {
            content: [
              {
                type: "tool_use",
                name: "Monitor",
                input: { description: "app log", command: `tail -f ${log}`, timeout_ms: 60_000 },
              },
            ],
          },
          { content: [{ type: "tool_use", name: "Gate", input: { text: "wait" } }] },
          { content: "Saw the deploy line." },
        ],
      },
      { tools: [monitor, gate], cwd: dir },
    );
    deliver = (event) => engine.deliver(event);
    const running = collect(engine.submitMessage("deploy and watch"));
    await gate.started;
    appendFileSync(log, "deploy finished\n");
    await until(() => monitorEvents(delivered).length > 0);
    gate.release();
    const messages = await running;
    await engine.whenIdle();
    expect(messages.filter((m) => m.type === "result")).toHaveLength(1);
    const last = requestText(provider, 2);
    expect(last).toContain("deploy finished");
    expect(last).not.toContain("<monitor-event>");
  });

  it("ends at its deadline and says so", async () => {
    const events: MonitorEvent[] = [];
    const task = await shells.start({
      command: "sleep 30",
      shell: "bash",
      cwd: dir,
      env: process.env,
    });
    await watchMonitor(
      { taskId: task.id, description: "nap", outputFile: task.outputFile, timeoutMs: 300 },
      {
        shells,
        deliver: (e) => events.push(e as MonitorEvent),
        limits: { maxLines: 5, maxChars: 100, maxTotalChars: 1_000 },
      },
    );
    expect(events.map((e) => e.text)).toEqual([
      "[monitor ended: its deadline of 300 ms passed; start it again to keep watching]",
    ]);
    expect(shells.get(task.id)?.status).toBe("killed");
  });

  it("ends on TaskStop and says so", async () => {
    const events: MonitorEvent[] = [];
    const task = await shells.start({
      command: "echo ready; sleep 30",
      shell: "bash",
      cwd: dir,
      env: process.env,
    });
    const watching = watchMonitor(
      { taskId: task.id, description: "nap", outputFile: task.outputFile, timeoutMs: 60_000 },
      {
        shells,
        deliver: (e) => events.push(e as MonitorEvent),
        limits: { maxLines: 5, maxChars: 100, maxTotalChars: 1_000 },
      },
    );
    await until(() => events.length > 0);
    await shells.stop(task.id);
    await watching;
    expect(events.map((e) => e.text)).toEqual(["ready", "[monitor stopped]"]);
  });

  it("refuses a WebSocket source with a clear error", async () => {
    const monitor = createMonitorTool(config, { shells, deliver: () => {} });
    const verdict = await monitor.validateInput?.(
      { description: "feed", timeout_ms: 1_000, ws: { url: "ws://127.0.0.1:1" } },
      undefined as never,
    );
    expect(verdict).toMatchObject({ ok: false, message: expect.stringContaining("WebSocket") });
  });
});
