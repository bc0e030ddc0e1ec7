import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  createBashTool,
  eventually,
  FAST_TIMING,
  isAlive,
  makeContext,
  readPid,
  resultText,
  runBashCall,
  sessionConfig,
  useSessionFolders,
} from "./helpers.js";

describe("Bash stops commands and everything they started", () => {
  let root: string;
  let work: string;
  const started: number[] = [];
  useSessionFolders((folders) => {
    ({ root, work } = folders);
  });
  afterEach(async () => {
    for (const pid of started.splice(0)) {
      if (isAlive(pid)) process.kill(pid, "SIGKILL"); // never leave a sleeper behind a failed test
    }
  });

  it("kills the whole process group on timeout and says it timed out", async () => {
    const tool = createBashTool(sessionConfig(root), FAST_TIMING);
    const { data, block } = await runBashCall(
      tool,
      { command: "sleep 100 & echo $! > child.pid; echo waiting; wait", timeout: 500 },
      makeContext(work),
    );
    const child = await readPid(join(work, "child.pid"));
    started.push(child);
    expect(data.timedOutAfterMs).toBe(500);
    expect(block.is_error).toBe(true);
    expect(resultText(block)).toBe("waiting\nCommand timed out after 500 ms");
    expect(await eventually(() => !isAlive(child))).toBe(true);
  });

  it("escalates to SIGKILL when the shell ignores SIGTERM", async () => {
    const tool = createBashTool(sessionConfig(root), FAST_TIMING);
    const { data } = await runBashCall(
      tool,
      {
        command: "trap '' TERM; echo $$ > shell.pid; while true; do sleep 0.05; done",
        timeout: 300,
      },
      makeContext(work),
    );
    const shell = await readPid(join(work, "shell.pid"));
    started.push(shell);
    expect(data.timedOutAfterMs).toBe(300);
    expect(isAlive(shell)).toBe(false); // the call only returns once the shell has exited
  });

  it("stops a running command when the call is aborted and reports the interruption", async () => {
    const tool = createBashTool(sessionConfig(root), FAST_TIMING);
    const controller = new AbortController();
    const running = runBashCall(
      tool,
      { command: "sleep 100 & echo $! > child.pid; echo begun; wait" },
      makeContext(work, { signal: controller.signal }),
    );
    expect(await eventually(() => existsSync(join(work, "child.pid")))).toBe(true);
    const child = await readPid(join(work, "child.pid"));
    started.push(child);
    controller.abort();
    const { data, block } = await running;
    expect(data.interrupted).toBe(true);
    expect(block.is_error).toBe(true);
    expect(resultText(block)).toContain("<error>Command was aborted before completion</error>");
    expect(await eventually(() => !isAlive(child))).toBe(true);
  });

  it("does not start a command when the call is already aborted", async () => {
    const tool = createBashTool(sessionConfig(root), FAST_TIMING);
    const controller = new AbortController();
    controller.abort();
    const { data } = await runBashCall(
      tool,
      { command: "touch ran" },
      makeContext(work, { signal: controller.signal }),
    );
    expect(data.interrupted).toBe(true);
    expect(existsSync(join(work, "ran"))).toBe(false);
  });

  it("returns when the shell exits even if a background child holds the pipes, and kills it", async () => {
    const tool = createBashTool(sessionConfig(root), FAST_TIMING);
    const { data, block } = await runBashCall(
      tool,
      { command: "sleep 100 & echo $! > child.pid; echo main done" },
      makeContext(work),
    );
    const child = await readPid(join(work, "child.pid"));
    started.push(child);
    expect(data.exitCode).toBe(0);
    expect(resultText(block)).toBe("main done");
    expect(await eventually(() => !isAlive(child))).toBe(true);
  });

  it("returns when a background child keeps only stderr open", async () => {
    const tool = createBashTool(sessionConfig(root), FAST_TIMING);
    const { data } = await runBashCall(
      tool,
      { command: "sleep 100 >/dev/null & echo $! > child.pid; echo ok" },
      makeContext(work),
    );
    const child = await readPid(join(work, "child.pid"));
    started.push(child);
    expect(data.stdout).toBe("ok\n");
    expect(await eventually(() => !isAlive(child))).toBe(true);
  });
});
