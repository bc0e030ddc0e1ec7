// Module hooks (they run on node's hooks thread): log each loaded module URL, change nothing.
import { appendFileSync } from "node:fs";

let file;

/** Receives the log file's path from register-load-log.mjs. */
export function initialize(data) {
  file = data.file;
}

/** Logs the URL, then loads it as node would. */
export async function load(url, context, nextLoad) {
  if (file && url.startsWith("file:")) appendFileSync(file, `${url}\n`);
  return nextLoad(url, context);
}
