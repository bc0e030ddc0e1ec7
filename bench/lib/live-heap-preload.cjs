// Preloaded with `node --expose-gc --require` by the memory group: at each request named in
// KEEL_BENCH_HEAP_AT (1-based, comma-separated, counting every request keel sends through
// node:http's client; the group checks that its sessions send no side requests),
// runs a full collection and notes the live heap; at exit writes {request: bytes} as JSON to
// KEEL_BENCH_HEAP_OUT. What survives a full collection is what keel holds, not garbage.
const { writeFileSync } = require("node:fs");
const { ClientRequest } = require("node:http");

const at = new Set((process.env.KEEL_BENCH_HEAP_AT ?? "").split(",").map(Number));
const liveBytes = {};
let requests = 0;
const end = ClientRequest.prototype.end;
ClientRequest.prototype.end = function (...args) {
  requests += 1;
  if (at.has(requests)) {
    globalThis.gc();
    liveBytes[requests] = process.memoryUsage().heapUsed;
  }
  return end.apply(this, args);
};
const out = process.env.KEEL_BENCH_HEAP_OUT;
if (!out) throw new Error("live-heap-preload: set KEEL_BENCH_HEAP_OUT");
process.on("exit", () => writeFileSync(out, JSON.stringify(liveBytes)));
