// Preloaded with `node --import` by the cold-start breakdown: registers load-log-hooks.mjs,
// which appends every module URL node loads to the file named in KEEL_BENCH_LOADS.
import { register } from "node:module";

register("./load-log-hooks.mjs", import.meta.url, {
  data: { file: process.env.KEEL_BENCH_LOADS },
});
