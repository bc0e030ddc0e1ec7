// Builds the keel CLI ahead of time into dist/: one entry file plus lazily loaded chunks,
// so `keel --version` and `keel -p` parse only what they use (Node 20 has no compile cache).
import { chmod, rm } from "node:fs/promises";
import { build } from "esbuild";

await rm("dist", { recursive: true, force: true });
await build({
  entryPoints: { cli: "src/cli/bin.ts" },
  outdir: "dist",
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: "linked",
  legalComments: "none",
  logLevel: "warning",
  banner: {
    // CommonJS dependencies inside an ESM bundle still call require().
    js: "#!/usr/bin/env node\nimport { createRequire as __keelCreateRequire } from 'node:module';\nconst require = __keelCreateRequire(import.meta.url);",
  },
});
await chmod("dist/cli.js", 0o755);
