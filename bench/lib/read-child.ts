// A child process that starts, builds the Read tool and, unless told "baseline", reads one
// window of a file; then prints its memory figures as one JSON line. Run by read-memory.ts:
//   (bundled first by child-report.ts) node read-child.mjs <baseline|read> <stateDir> <file> <offset> <limit>
import { dirname } from "node:path";
import { benchConfig, readOnce } from "./tools-under-test.js";

const [mode, stateDir, file, offset, limit] = process.argv.slice(2);
if ((mode !== "baseline" && mode !== "read") || !stateDir || !file) {
  throw new Error("usage: read-child.ts <baseline|read> <stateDir> <file> <offset> <limit>");
}
const config = benchConfig(dirname(file), stateDir);
const rssBeforeKB = Math.round(process.memoryUsage().rss / 1024);
const firstLine =
  mode === "read"
    ? await readOnce(config, file, { offset: Number(offset), limit: Number(limit) })
    : "";
console.log(
  JSON.stringify({
    rssBeforeKB,
    rssAfterKB: Math.round(process.memoryUsage().rss / 1024),
    // getrusage's ru_maxrss: the OS's own record of this process's peak resident set.
    peakRssKB: process.resourceUsage().maxRSS,
    firstLine,
  }),
);
