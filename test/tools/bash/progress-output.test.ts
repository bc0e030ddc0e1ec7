import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { OutputCollector } from "../../../src/tools/builtin/bash/output-collector.js";
import {
  createBashTool,
  makeContext,
  runBashCall,
  sessionConfig,
  useSessionFolders,
} from "./helpers.js";

describe("Bash progress carries the latest output", () => {
  let root: string;
  let work: string;
  useSessionFolders((folders) => {
    ({ root, work } = folders);
  });

  it("reports output printed so far while the command still runs", async () => {
    const tool = createBashTool(sessionConfig(root), { progressIntervalMs: 20 });
    const seen: string[] = [];
    // The command waits until a report has shown its first line, so the report came mid-run.
    const { data } = await runBashCall(
      tool,
      { command: "echo first; while [ ! -e go ]; do sleep 0.02; done; echo second" },
      makeContext(work),
      (event) => {
        const output = (event as { output?: unknown }).output;
        if (typeof output !== "string") return;
        seen.push(output);
        if (output.includes("first")) void writeFile(join(work, "go"), "");
      },
    );
    expect(data.stdout).toBe("first\nsecond\n");
    expect(seen.some((output) => output === "first\n")).toBe(true);
  });
});

describe("OutputCollector's recent output", () => {
  let spill: string;
  useSessionFolders(({ root }) => {
    // The collector's spill file stays in the test's temp folder, removed afterwards.
    spill = join(root, "spill.txt");
  });

  it("interleaves both streams in arrival order", () => {
    const collector = new OutputCollector(1_000, spill);
    collector.write("stdout", Buffer.from("out 1\n"));
    collector.write("stderr", Buffer.from("err 1\n"));
    collector.write("stdout", Buffer.from("out 2\n"));
    expect(collector.recentOutput).toBe("out 1\nerr 1\nout 2\n");
  });

  it("keeps whole lines of the last 2,000 characters however much was written", () => {
    const collector = new OutputCollector(100_000, spill);
    for (let i = 0; i < 1_000; i++) collector.write("stdout", Buffer.from(`line ${i}\n`));
    const recent = collector.recentOutput;
    expect(recent.length).toBeLessThanOrEqual(2_000);
    expect(recent.length).toBeGreaterThan(2_000 - "line 999\n".length);
    expect(recent.endsWith("line 999\n")).toBe(true);
    const lines = recent.split("\n").slice(0, -1);
    const first = Number(lines[0]?.slice("line ".length));
    expect(lines).toEqual(lines.map((_, k) => `line ${first + k}`));
  });

  it("never opens with half a surrogate pair or half an ANSI escape", () => {
    // Lines of 16 characters: the last line's length puts the 2,000-character cut inside the
    // escape "\u001b[31m" (offset 3) or between the halves of the emoji (offset 6).
    const colored = "\u001b[31m😀 red\u001b[0m\n";
    expect(colored.length).toBe(16);
    for (const last of ["ta\n", "tail!\n"]) {
      const collector = new OutputCollector(100_000, spill);
      for (let i = 0; i < 200; i++) collector.write("stdout", Buffer.from(colored));
      collector.write("stdout", Buffer.from(last));
      const recent = collector.recentOutput;
      expect(recent.startsWith(colored)).toBe(true);
      expect(recent.endsWith(`${colored}${last}`)).toBe(true);
    }
  });

  it("keeps the tail of one long line, starting at a whole character", () => {
    const collector = new OutputCollector(100_000, spill);
    // 3,001 characters: the cut falls between the halves of an emoji.
    collector.write("stdout", Buffer.from(`${"😀".repeat(1_500)}x`));
    expect(collector.recentOutput).toBe(`${"😀".repeat(999)}x`);
  });
});
