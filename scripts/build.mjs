// Builds the keel CLI ahead of time: one entry file plus lazily loaded chunks, so `keel --version`
// and `keel -p` parse only what they use (Node 20 has no compile cache).
// Usage: node scripts/build.mjs [outdir]   (default dist)
import { chmod, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Builds the CLI into `outdir` (it must sit inside the project, so node_modules resolve). */
export async function buildCli(outdir = join(root, "dist")) {
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { cli: join(root, "src/cli/bin.ts"), index: join(root, "src/index.ts") },
    outdir,
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap: "linked",
    legalComments: "none",
    logLevel: "warning",
    // Ink imports the React devtools only when DEV is set; they are not installed.
    external: ["react-devtools-core"],
    banner: {
      // The executable starts node with a smaller young generation: a long session's garbage
      // (each request's body is built afresh) then no longer grows the heap by tens of MB,
      // at no measurable cost per turn (bench/results.md, "Memory"). CommonJS dependencies
      // inside an ESM bundle still call require().
      js: "#!/usr/bin/env -S node --max-semi-space-size=4\nimport { createRequire as __keelCreateRequire } from 'node:module';\nconst require = __keelCreateRequire(import.meta.url);",
    },
  });
  await chmod(join(outdir, "cli.js"), 0o755);
  return join(outdir, "cli.js");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildCli(process.argv[2] ? resolve(process.argv[2]) : undefined);
}
