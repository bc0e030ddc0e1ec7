// Builds keel ahead of time into dist/:
// - cli.js, the executable: a small CommonJS file (a CommonJS start is ~15 ms quicker than an
//   ES module's) that runs either build below;
// - the full build, ES modules (.mjs) split into lazily loaded chunks: the library (index.mjs)
//   and the CLI with its REPL (cli-entry.mjs) load only what they use;
// - print.cjs, the CLI without its terminal UI as one file with a trained code cache, which
//   `keel -p` runs from (print-bundle.mjs).
// The output folder is a link swapped to each new build (swap-build.mjs), never missing.
// Usage: node scripts/build.mjs [outdir]   (default dist)
import { chmod, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { buildPrintBundle, REQUIRED_AT_RUN_TIME } from "./print-bundle.mjs";
import { sdkWebGlobals } from "./sdk-web-globals.mjs";
import { publishBuild } from "./swap-build.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Options every build shares. */
const COMMON = {
  bundle: true,
  platform: "node",
  target: "node20",
  sourcemap: "linked",
  legalComments: "none",
  logLevel: "warning",
};

/**
 * Dependencies that find their files through import.meta.url see the CommonJS file's own URL.
 * The banner keeps the file strict, as the ES-module build is (esbuild's own "use strict" comes
 * after the banner, where it no longer counts).
 */
const IMPORT_META_URL = {
  define: { "import.meta.url": "__keelImportMetaUrl" },
  js: '"use strict";var __keelImportMetaUrl=require("node:url").pathToFileURL(__filename).href;',
};

/** The full build: ES modules in chunks. */
async function buildModules(outdir) {
  await build({
    ...COMMON,
    entryPoints: {
      index: join(root, "src/index.ts"),
      "cli-entry": join(root, "src/cli/cli-entry.ts"),
    },
    outdir,
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunks/[name]-[hash]",
    splitting: true,
    format: "esm",
    // Ink imports the React devtools only when DEV is set; they are not installed.
    external: ["react-devtools-core", ...REQUIRED_AT_RUN_TIME],
    plugins: [sdkWebGlobals()],
    banner: {
      // CommonJS dependencies inside an ESM bundle still call require().
      js: "import { createRequire as __keelCreateRequire } from 'node:module';\nconst require = __keelCreateRequire(import.meta.url);",
    },
  });
  // dist/*.js are CommonJS (cli.js, print.cjs's neighbours); the ES modules are .mjs.
  await writeFile(join(outdir, "package.json"), `${JSON.stringify({ type: "commonjs" })}\n`);
}

/** The executable: src/cli/bin.ts, importing the full build's entry only when it needs it. */
async function buildExecutable(outdir) {
  const cli = join(outdir, "cli.js");
  await build({
    ...COMMON,
    entryPoints: [join(root, "src/cli/bin.ts")],
    outfile: cli,
    format: "cjs",
    define: IMPORT_META_URL.define,
    // No node flags: any V8 flag makes node's code cache of its own modules not fit (see
    // src/cli/young-generation.ts), and the print bundle's cache is made without flags too.
    banner: { js: `#!/usr/bin/env node\n${IMPORT_META_URL.js}` },
    plugins: [
      {
        name: "full-build-entry",
        setup(builder) {
          builder.onResolve({ filter: /^\.\/cli-entry\.js$/ }, () => ({
            path: "./cli-entry.mjs",
            external: true,
          }));
        },
      },
    ],
  });
  await chmod(cli, 0o755);
  return cli;
}

/**
 * Builds the CLI and publishes it as `outdir` (it must sit inside the project, so node_modules
 * resolve); returns `outdir`/cli.js.
 */
export async function buildCli(outdir = join(root, "dist")) {
  await publishBuild(outdir, async (folder) => {
    await buildModules(folder);
    const cli = await buildExecutable(folder);
    await buildPrintBundle(folder, cli, IMPORT_META_URL, [sdkWebGlobals()]);
  });
  return join(outdir, "cli.js");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildCli(process.argv[2] ? resolve(process.argv[2]) : undefined);
}
