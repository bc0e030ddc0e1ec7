// A fresh process that calls keel's Bash tool `calls` times, then spawns raw `bash -c` as many
// times, and prints the milliseconds of each as one JSON line. Run by bash-alone.ts: the bench
// process itself is no place for this baseline, since it keeps every recorded request of the
// sessions it runs and its growing memory makes each of its forks dearer.
//   (bundled first by child-report.ts) node bash-alone-child.mjs <cwd> <command> <calls>
import { bashToolAloneMs, rawBashMs } from "./bash-alone.js";

const [cwd, command, calls] = process.argv.slice(2);
if (!cwd || !command || !calls)
  throw new Error("usage: bash-alone-child.ts <cwd> <command> <calls>");
const toolMs = await bashToolAloneMs(cwd, command, Number(calls));
const rawMs = await rawBashMs(cwd, command, Number(calls));
console.log(JSON.stringify({ toolMs, rawMs, rssKB: process.resourceUsage().maxRSS }));
