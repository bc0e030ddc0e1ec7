import { cpus, loadavg } from "node:os";
import { round } from "./stats.js";

/** What a result is dated and placed by: other work on the machine (its load) skews timings. */
export function machineFacts() {
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    loadAverage1m: round(loadavg()[0] ?? 0, 2),
    platform: `${process.platform}-${process.arch}`,
  };
}
