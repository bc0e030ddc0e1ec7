import { z } from "zod";
import { bundledChildReport } from "./child-report.js";
import { median, round } from "./stats.js";
import type { ReadWindow } from "./tools-under-test.js";

const childReport = z.object({
  rssBeforeKB: z.number(),
  rssAfterKB: z.number(),
  peakRssKB: z.number(),
  firstLine: z.string(),
});

/** What one child process reported. */
export type ChildReport = z.infer<typeof childReport>;

/** Starts a fresh plain node child (bundled) that reads one window (or, with none, only starts). */
export async function childRead(
  stateDir: string,
  file: string,
  window: ReadWindow | undefined,
): Promise<ChildReport> {
  const args = [window ? "read" : "baseline", stateDir, file];
  if (window) args.push(String(window.offset), String(window.limit));
  return bundledChildReport("./read-child.ts", args, childReport);
}

/** Peak resident memory of the reading children against children that only start. */
export interface MemoryComparison {
  /** Median peak RSS of the reading children. */
  readPeakMB: number;
  /** Median peak RSS of the children that only start. */
  baselinePeakMB: number;
  /** Median, over reading children, of the peak above the RSS just before the read. */
  growthMB: number;
  /** The same for the children that only start (what the measure shows when nothing is read). */
  baselineGrowthMB: number;
  readGrowthsMB: number[];
  baselineGrowthsMB: number[];
}

const mb = (kb: number) => round(kb / 1024);
const growthOf = (report: ChildReport) => report.peakRssKB - report.rssBeforeKB;

/** Runs `runs` reading and baseline children, alternating; checks each read with `check`. */
export async function compareReadMemory(
  stateDir: string,
  file: string,
  window: ReadWindow,
  runs: number,
  check: (firstLine: string) => void,
): Promise<MemoryComparison> {
  const reads: ChildReport[] = [];
  const bases: ChildReport[] = [];
  for (let i = 0; i < runs; i++) {
    const read = await childRead(stateDir, file, window);
    check(read.firstLine);
    reads.push(read);
    bases.push(await childRead(stateDir, file, undefined));
  }
  return {
    readPeakMB: mb(median(reads.map((r) => r.peakRssKB))),
    baselinePeakMB: mb(median(bases.map((r) => r.peakRssKB))),
    growthMB: mb(median(reads.map(growthOf))),
    baselineGrowthMB: mb(median(bases.map(growthOf))),
    readGrowthsMB: reads.map((r) => mb(growthOf(r))),
    baselineGrowthsMB: bases.map((r) => mb(growthOf(r))),
  };
}
