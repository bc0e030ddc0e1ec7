import { describe, expect, it } from "vitest";
import { StatusLineFeed } from "../../../src/cli/repl/status-line/status-line-feed.js";

/** A feed on a hand-driven clock and timer, whose runs the test finishes one by one. */
function feedUnderTest() {
  let clock = 0;
  const runs: { input: unknown; finish: (text: string) => void }[] = [];
  const timers: { at: number; run: () => void; cancelled: boolean }[] = [];
  let inputs = 0;
  const feed = new StatusLineFeed({
    run: (input) => new Promise((resolve) => runs.push({ input, finish: resolve })),
    input: () => ++inputs,
    now: () => clock,
    throttleMs: 300,
    setTimer: (run, ms) => {
      const timer = { at: clock + ms, run, cancelled: false };
      timers.push(timer);
      return { cancel: () => (timer.cancelled = true) };
    },
  });
  const advance = (ms: number) => {
    clock += ms;
    for (const timer of timers.splice(0)) {
      if (timer.cancelled) continue;
      if (timer.at <= clock) timer.run();
      else timers.push(timer);
    }
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { feed, runs, advance, settle };
}

describe("the status line feed", () => {
  it("runs once at a time; changes meanwhile make one more run, no sooner than 300 ms after the last", async () => {
    const { feed, runs, advance, settle } = feedUnderTest();
    const seen: string[] = [];
    feed.subscribe(() => seen.push(feed.get()));
    feed.refresh();
    feed.refresh();
    feed.refresh();
    expect(runs).toHaveLength(1);
    runs[0]?.finish("one");
    await settle();
    expect(seen).toEqual(["one"]);
    // The second run waits for the throttle.
    expect(runs).toHaveLength(1);
    advance(299);
    expect(runs).toHaveLength(1);
    advance(1);
    expect(runs).toHaveLength(2);
    expect(runs[1]?.input).toBe(2);
    runs[1]?.finish("two");
    await settle();
    expect(seen).toEqual(["one", "two"]);
    expect(runs).toHaveLength(2);
  });

  it("a run that fails blanks the line; stop ends what is to come", async () => {
    const { feed, runs, advance, settle } = feedUnderTest();
    feed.refresh();
    runs[0]?.finish("shown");
    await settle();
    advance(300);
    feed.refresh();
    expect(runs).toHaveLength(2);
    runs[1]?.finish("");
    await settle();
    expect(feed.get()).toBe("");
    feed.refresh();
    feed.stop();
    advance(1000);
    expect(runs).toHaveLength(2);
  });
});
