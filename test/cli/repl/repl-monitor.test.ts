import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { QueryEngine } from "../../../src/session/engine/query-engine.js";
import type { SessionEvent } from "../../../src/session/engine/session-event.js";
import { createBackgroundShells } from "../../../src/tools/background/index.js";
import { createMonitorTool } from "../../../src/tools/builtin/monitor/monitor-tool.js";
import { replHarness, texts, until } from "./repl-harness.js";

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe("the REPL controller and a monitor (real engine, scripted model)", () => {
  it("draws a turn of its own when `tail -f` sees a new line while the REPL is idle", async () => {
    const dir = mkdtempSync(join(tmpdir(), "keel-repl-monitor-"));
    const config = { cwd: dir, sessionDir: dir, stateDir: dir, env: process.env };
    const shells = createBackgroundShells(config, { killGraceMs: 200 });
    cleanups.push(async () => {
      await shells.dispose();
      rmSync(dir, { recursive: true, force: true });
    });
    const log = join(dir, "app.log");
    writeFileSync(log, "");
    let deliver: (event: SessionEvent) => void = () => {};
    const monitor = createMonitorTool(config, { shells, deliver: (event) => deliver(event) });
    const { controller, sessions } = replHarness(
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
          { content: "Watching." },
          { content: "The app crashed." },
        ],
      },
      { tools: [monitor], cwd: dir },
    );
    const engine = sessions[0]?.session.engine as QueryEngine;
    deliver = (event) => engine.deliver(event);
    controller.submit("watch the log");
    await until(
      controller,
      (s) => !s.busy && texts(s, "assistant").includes("Watching."),
      "the first turn",
    );
    appendFileSync(log, "FATAL out of memory\n");
    const done = await until(
      controller,
      (s) => !s.busy && texts(s, "assistant").includes("The app crashed."),
      "the monitor's turn",
    );
    expect(texts(done, "notice").some((t) => /^Monitor \S+ \(app log\)$/.test(t))).toBe(true);
    expect(texts(done, "user")).toEqual(["watch the log"]);
  });
});
