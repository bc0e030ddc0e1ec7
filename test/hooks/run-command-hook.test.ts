import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CommandHookRequest, runCommandHook } from "../../src/hooks/run-command-hook.js";
import { eventually, type HookSandbox, makeSandbox, processAlive } from "./helpers.js";

let sandbox: HookSandbox;
beforeEach(async () => {
  sandbox = await makeSandbox();
});
afterEach(() => sandbox.cleanup());

function request(command: string, extra: Partial<CommandHookRequest> = {}): CommandHookRequest {
  return {
    command,
    timeoutMs: 10_000,
    stdinJson: '{"hook_event_name":"Stop"}',
    cwd: sandbox.dir,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", MARK: "m1" },
    signal: new AbortController().signal,
    timing: { drainGraceMs: 50, killGraceMs: 300 },
    ...extra,
  };
}

/** Waits for a script to write its background child's pid, then returns it. */
async function pidFrom(name: string): Promise<number> {
  await eventually(() => existsSync(join(sandbox.dir, name)));
  for (;;) {
    const text = (await sandbox.read(name)).trim();
    if (text !== "") return Number(text);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("runCommandHook", () => {
  it("feeds the JSON on stdin, runs in cwd with the env, and captures both streams", async () => {
    const command = await sandbox.script(
      "hook.sh",
      'cat > stdin.json; echo "out $MARK $(pwd)"; echo "err line" >&2; exit 3',
    );
    const result = await runCommandHook(request(command));
    expect(result).toEqual({
      kind: "exited",
      exitCode: 3,
      exitSignal: null,
      stdout: `out m1 ${sandbox.dir}\n`,
      stderr: "err line\n",
    });
    expect(await sandbox.read("stdin.json")).toBe('{"hook_event_name":"Stop"}');
  });

  it("kills a hook that runs past its timeout together with its whole process group", async () => {
    const command = await sandbox.script("slow.sh", "sleep 30 & echo $! > bg.pid; sleep 30");
    const running = runCommandHook(request(command, { timeoutMs: 1_000 }));
    const background = await pidFrom("bg.pid");
    const result = await running;
    expect(result.kind).toBe("timed_out");
    await eventually(() => !processAlive(background));
  });

  it("kills a hook that ignores SIGTERM with SIGKILL after the grace period", async () => {
    const command = await sandbox.script(
      "stubborn.sh",
      "trap '' TERM; echo $$ > self.pid; while :; do sleep 1; done",
    );
    const running = runCommandHook(request(command, { timeoutMs: 1_000 }));
    const self = await pidFrom("self.pid");
    expect((await running).kind).toBe("timed_out");
    await eventually(() => !processAlive(self));
  });

  it("returns when the hook exits even though a background child still holds stdout open", async () => {
    const command = await sandbox.script(
      "leaky.sh",
      "(sleep 30; echo late) & echo $! > bg.pid; echo '{\"continue\":true}'",
    );
    const result = await runCommandHook(request(command));
    expect(result).toMatchObject({ kind: "exited", exitCode: 0, stdout: '{"continue":true}\n' });
    const background = Number((await sandbox.read("bg.pid")).trim());
    await eventually(() => !processAlive(background));
  });

  it("stops the hook's group when the caller aborts", async () => {
    const controller = new AbortController();
    const command = await sandbox.script("wait.sh", "echo $$ > self.pid; sleep 30");
    const running = runCommandHook(request(command, { signal: controller.signal }));
    const self = await pidFrom("self.pid");
    controller.abort();
    expect(await running).toEqual({ kind: "aborted" });
    await eventually(() => !processAlive(self));
  });

  it("reports a hook that cannot be started instead of throwing", async () => {
    const result = await runCommandHook(request("true", { cwd: join(sandbox.dir, "missing") }));
    expect(result.kind).toBe("spawn_failed");
  });

  it("caps what it keeps of a hook that prints without end", async () => {
    const command = await sandbox.script("loud.sh", "head -c 200000 /dev/zero | tr '\\0' x");
    const result = await runCommandHook(request(command, { maxOutputChars: 1_000 }));
    if (result.kind !== "exited") throw new Error(`unexpected ${result.kind}`);
    expect(result.stdout.length).toBeLessThan(1_100);
    expect(result.stdout).toContain("characters truncated");
  });

  it("does not fail when the hook exits without reading a large stdin", async () => {
    const result = await runCommandHook(
      request("exit 0", { stdinJson: JSON.stringify({ big: "y".repeat(1_000_000) }) }),
    );
    expect(result).toMatchObject({ kind: "exited", exitCode: 0 });
  });
});
