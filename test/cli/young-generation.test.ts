import { describe, expect, it } from "vitest";
import { capYoungGeneration, YOUNG_GENERATION_CAP_BYTES } from "../../src/cli/young-generation.js";

/** Deps whose young generation has the sizes given, one per check. */
function scripted(sizes: number[]) {
  const log: string[] = [];
  let check: (() => void) | undefined;
  let cancelled = false;
  return {
    log,
    tick: () => check?.(),
    get cancelled() {
      return cancelled;
    },
    deps: {
      size: () => sizes.shift() ?? 0,
      stopGrowth: () => log.push("stop growth"),
      schedule: (fn: () => void, ms: number) => {
        log.push(`every ${ms} ms`);
        check = fn;
        return { cancel: () => (cancelled = true) };
      },
    },
  };
}

describe("the young generation's cap", () => {
  it("changes nothing while the young generation is under the cap", () => {
    const run = scripted([1 << 20, 2 << 20, YOUNG_GENERATION_CAP_BYTES - 1]);
    capYoungGeneration(run.deps, 250);
    for (let i = 0; i < 3; i++) run.tick();
    expect(run.log).toEqual(["every 250 ms"]);
    expect(run.cancelled).toBe(false);
  });

  it("stops its growth once it reaches the cap, then stops checking", () => {
    const run = scripted([4 << 20, YOUNG_GENERATION_CAP_BYTES]);
    capYoungGeneration(run.deps);
    run.tick();
    run.tick();
    expect(run.log).toEqual(["every 1000 ms", "stop growth"]);
    expect(run.cancelled).toBe(true);
  });
});

/** A node process that makes young garbage (a third of it surviving a while), capped or not. */
const WORKLOAD = (capped: boolean) => `
import { getHeapSpaceStatistics } from "node:v8";
import { capYoungGeneration } from "./src/cli/young-generation.ts";
import { v8YoungGeneration } from "./src/cli/young-generation-v8.ts";
if (${capped}) capYoungGeneration(v8YoungGeneration, 5);
const keep = [];
for (let round = 0; round < 40; round++) {
  for (let i = 0; i < 10000; i++) {
    const o = { a: i, b: "x".repeat(50), c: [i, i + 1] };
    if (i % 3 === 0) keep.push(o);
    if (keep.length > 20000) keep.splice(0, 10000);
  }
  await new Promise((resolve) => setTimeout(resolve, 2));
}
const space = getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
process.stdout.write(String(space.space_size));
`;

async function youngGenerationAfter(capped: boolean): Promise<number> {
  const { execFile } = await import("node:child_process");
  const { promisify } = await import("node:util");
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", WORKLOAD(capped)],
    { cwd: new URL("../..", import.meta.url).pathname },
  );
  return Number(stdout);
}

describe("the cap on this node's V8", () => {
  it("keeps the young generation near the cap where V8 alone grows it to 32 MB", async () => {
    const [alone, capped] = await Promise.all([
      youngGenerationAfter(false),
      youngGenerationAfter(true),
    ]);
    expect(alone).toBeGreaterThan(2 * YOUNG_GENERATION_CAP_BYTES);
    expect(capped).toBeLessThanOrEqual(2 * YOUNG_GENERATION_CAP_BYTES);
  });
});
