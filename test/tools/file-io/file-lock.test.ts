import { describe, expect, it } from "vitest";
import { FileLocks } from "../../../src/tools/builtin/file-io/file-lock.js";

/** A promise with its resolve function, for steering task order by hand. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe("per-file locks", () => {
  it("runs tasks on one key one after another, in arrival order", async () => {
    const locks = new FileLocks();
    const events: string[] = [];
    const firstGate = gate();
    const firstStarted = gate();
    const first = locks.run("/f", async () => {
      events.push("first start");
      firstStarted.open();
      await firstGate.promise;
      events.push("first end");
    });
    const second = locks.run("/f", async () => {
      events.push("second start");
    });
    await firstStarted.promise;
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(["first start"]);
    firstGate.open();
    await Promise.all([first, second]);
    expect(events).toEqual(["first start", "first end", "second start"]);
    expect(locks.activeKeys).toBe(0);
  });

  it("lets tasks on different keys run at the same time", async () => {
    const locks = new FileLocks();
    const events: string[] = [];
    const held = gate();
    const a = locks.run("/a", async () => {
      events.push("a start");
      await held.promise;
      events.push("a end");
    });
    const b = locks.run("/b", async () => {
      events.push("b ran");
    });
    await b;
    expect(events).toEqual(["a start", "b ran"]);
    held.open();
    await a;
  });

  it("releases the lock when a task fails and passes the error on", async () => {
    const locks = new FileLocks();
    await expect(
      locks.run("/f", async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    await expect(locks.run("/f", async () => "next")).resolves.toBe("next");
    expect(locks.activeKeys).toBe(0);
  });
});
