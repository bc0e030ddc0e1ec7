import { spawnSync } from "node:child_process";
import { EventEmitter } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createInterruptGuard } from "../../../../src/cli/interrupt-guard.js";
import { type EditorSpawner, openInEditor } from "../../../../src/cli/repl/commands/editor.js";
import {
  afterPendingSignals,
  editorSignalGuard,
} from "../../../../src/cli/repl/commands/editor-signals.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-editor-signals-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Lets the event loop run a few turns (signals sent during a spawn are delivered by then). */
const turns = (n: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : setImmediate(() => step(left - 1)));
    step(n);
  });

/**
 * A process whose SIGINT handler does what the executable's does: abort the session, unless
 * the interrupt guard is held.
 */
function keelProcess() {
  const target = new EventEmitter();
  const interrupts = createInterruptGuard();
  const session = new AbortController();
  target.on("SIGINT", () => {
    if (!interrupts.held) session.abort("SIGINT");
  });
  return { target, interrupts, session };
}

const terminal = { isTTY: true, setRawMode: () => undefined };

describe("Ctrl+C while the editor runs", () => {
  it("does not abort the session, whether delivered during the run or just after it", async () => {
    const { target, interrupts, session } = keelProcess();
    const seen: string[] = [];
    const spawn: EditorSpawner = () => {
      seen.push(`held ${interrupts.held}`);
      seen.push(`listeners ${target.listenerCount("SIGINT")} ${target.listenerCount("SIGQUIT")}`);
      target.emit("SIGINT");
      target.emit("SIGQUIT");
      // A real signal sent during spawnSync reaches the listeners only after it returned.
      setImmediate(() => target.emit("SIGINT"));
      return { status: 0 };
    };
    const signals = editorSignalGuard(target, interrupts);
    const outcome = await openInEditor(join(dir, "CLAUDE.md"), {
      env: { VISUAL: "code --wait" },
      terminal,
      spawn,
      signals,
    });
    await turns(3);
    expect(outcome).toEqual({ ok: true, editor: "code --wait" });
    expect(seen).toEqual(["held true", "listeners 2 1"]);
    expect(session.signal.aborted).toBe(false);
    expect(interrupts.held).toBe(false);
    expect([target.listenerCount("SIGINT"), target.listenerCount("SIGQUIT")]).toEqual([1, 0]);
  });

  it("aborts again as before once the editor has exited", async () => {
    const { target, interrupts, session } = keelProcess();
    await openInEditor(join(dir, "CLAUDE.md"), {
      env: {},
      terminal,
      spawn: () => ({ status: 0 }),
      signals: editorSignalGuard(target, interrupts),
    });
    await turns(3);
    target.emit("SIGINT");
    expect(session.signal.aborted).toBe(true);
  });

  it("is given back to keel when the spawner throws", async () => {
    const { target, interrupts } = keelProcess();
    const spawn: EditorSpawner = () => {
      throw new Error("boom");
    };
    await expect(
      openInEditor(join(dir, "a.md"), {
        env: {},
        terminal,
        spawn,
        signals: editorSignalGuard(target, interrupts),
      }),
    ).rejects.toThrow("boom");
    await turns(3);
    expect(interrupts.held).toBe(false);
    expect(target.listenerCount("SIGQUIT")).toBe(0);
  });
});

describe("waiting for signals sent during a synchronous run", () => {
  it("runs only after a real signal sent during spawnSync reached its listener", async () => {
    // SIGUSR2 travels the path SIGINT does (nothing else in the test process uses it).
    const order: string[] = [];
    const listener = () => order.push("signal");
    process.on("SIGUSR2", listener);
    try {
      await new Promise<void>((resolve) => {
        spawnSync("/bin/sh", ["-c", "kill -USR2 $PPID"]);
        order.push("returned");
        afterPendingSignals(() => {
          order.push("released");
          resolve();
        });
      });
    } finally {
      process.removeListener("SIGUSR2", listener);
    }
    expect(order).toEqual(["returned", "signal", "released"]);
  });
});

describe("the interrupt guard", () => {
  it("stays held until every hold is released; a second release changes nothing", () => {
    const guard = createInterruptGuard();
    const first = guard.hold();
    const second = guard.hold();
    first();
    first();
    expect(guard.held).toBe(true);
    second();
    expect(guard.held).toBe(false);
  });
});
