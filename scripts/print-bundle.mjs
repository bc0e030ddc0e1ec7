// Builds dist/print.cjs, the CLI without its terminal UI as one CommonJS file, and trains its V8
// code cache. `keel -p` and the headless subcommands run from it (src/cli/bin.ts): Node 20 has no
// compile cache for ES modules, but a vm.Script compiled from a CommonJS file can use cached
// data, and compiling the code was most of a one-turn `keel -p` (bench/results.md, "Cold start").
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join, relative, resolve, sep } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const replDir = join(root, "src", "cli", "repl") + sep;
const handover = join(root, "src", "cli", "repl-handover.ts");

/**
 * The REPL's entry modules (those src/cli/repl-handover.ts stands for): they need ink, whose
 * top-level await a CommonJS bundle cannot hold.
 */
const REPL_ENTRIES = new Set(
  ["run-repl.js", "startup/continue-in-repl.js", "startup/folder-code.js"].map((file) =>
    join(replDir, file),
  ),
);

/**
 * Imports of the REPL's entry modules from outside the REPL resolve to repl-handover.ts. The
 * REPL's other modules that print mode shares (command files and their expansion, the slash
 * command parser) are bundled; one that reached ink would fail this build.
 */
const replHandover = {
  name: "repl-handover",
  setup(builder) {
    builder.onResolve({ filter: /^\./ }, (args) => {
      if (args.importer.startsWith(replDir)) return undefined;
      const target = resolve(args.resolveDir, args.path);
      return REPL_ENTRIES.has(target) ? { path: handover } : undefined;
    });
  },
};

const BUILTIN = new Set(builtinModules);

/**
 * Packages left out of the bundle and required from node_modules when first used (with their
 * subpaths): the sandbox runtime finds its own helper programs beside its files, and is large
 * for a rare path; the cloud platforms' clients (with the AWS SDK and Google's auth library)
 * would be most of the bundle, which a first-party `keel -p` would then load for nothing.
 */
export const REQUIRED_AT_RUN_TIME = [
  "@anthropic-ai/sandbox-runtime",
  "@anthropic-ai/bedrock-sdk",
  "@anthropic-ai/vertex-sdk",
  "@anthropic-ai/foundry-sdk",
  // Vertex AI's service-account sign-in (src/model/cloud/vertex-auth.ts) and Foundry's
  // Microsoft Entra ID one (src/model/cloud/foundry-auth.ts).
  "google-auth-library",
  "@azure/identity",
  // Remote agents' job engine and Redis client: only `keel worker` and `keel --remote` use them.
  "bullmq",
  "ioredis",
  // Workflow scripts' parser and sandbox: only a Workflow call loads them. (acorn's messages
  // also hold the text "import()", which the check below would take for a call.)
  "acorn",
  "acorn-walk",
  "quickjs-emscripten",
  // WebFetch's HTML reading (a DOM, Readability, turndown): only an HTML page loads them
  // (src/tools/builtin/web-fetch/page-text.ts); in the bundle they were a fifth of its size.
  "linkedom",
  "@mozilla/readability",
  "turndown",
];

/** Whether an import names one of REQUIRED_AT_RUN_TIME or a file inside it. */
const requiredAtRunTime = (path) =>
  REQUIRED_AT_RUN_TIME.some((name) => path === name || path.startsWith(`${name}/`));

/**
 * Dynamic imports of node's modules (and of REQUIRED_AT_RUN_TIME) become require() calls. A
 * vm.Script's own `import()` needs a callback that Node 20 keeps experimental, and that code
 * compiled from a code cache loses. (An ES-module package is then required as Node 20.19+
 * allows.)
 */
const builtinDynamicImports = {
  name: "builtin-dynamic-imports",
  setup(builder) {
    builder.onResolve({ filter: /^[@a-z0-9:_/.-]+$/ }, (args) => {
      const builtin = BUILTIN.has(args.path.replace(/^node:/, ""));
      if (args.kind !== "dynamic-import" || !(builtin || requiredAtRunTime(args.path))) {
        return undefined;
      }
      return { path: args.path, namespace: "builtin-require" };
    });
    builder.onLoad({ filter: /.*/, namespace: "builtin-require" }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: "js",
    }));
  },
};

/**
 * Fails the build if the bundle still holds an import() (see builtinDynamicImports): one of a
 * module esbuild left external (its metafile lists those), or one of a computed name
 * (`import(name)`, which esbuild cannot follow), found in the text.
 */
async function checkNoDynamicImports(metafile, outfile) {
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const left = output.imports.filter((entry) => entry.kind === "dynamic-import");
    if (left.length > 0) {
      const paths = left.map((entry) => entry.path).join(", ");
      throw new Error(`${file} still imports dynamically: ${paths}`);
    }
  }
  const text = await readFile(outfile, "utf8");
  const at = text.search(/(?<![\w$.])import\((?!["'`])/);
  if (at !== -1) {
    throw new Error(`${outfile} still calls import() at offset ${at}: ${text.slice(at, at + 80)}`);
  }
}

/** Builds `<outdir>/print.cjs` with the given import.meta.url stand-in and extra plugins. */
async function bundle(outdir, importMetaUrl, plugins) {
  const outfile = join(outdir, "print.cjs");
  const result = await build({
    entryPoints: [join(root, "src/cli/cli-entry.ts")],
    outfile,
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    // Less to read and hash at every start; names stay, and the source map has the rest.
    minifyWhitespace: true,
    sourcemap: "linked",
    legalComments: "none",
    logLevel: "warning",
    define: importMetaUrl.define,
    banner: { js: importMetaUrl.js },
    plugins: [replHandover, builtinDynamicImports, ...plugins],
    external: REQUIRED_AT_RUN_TIME,
    metafile: true,
  });
  await checkNoDynamicImports(result.metafile, outfile);
  return outfile;
}

/** Resolves with the scripted server's URL once it prints `listening on <url>`. */
async function serverUrl(server) {
  const lines = createInterface({ input: server.stdout });
  for await (const line of lines) {
    const match = /^listening on (\S+)/.exec(line);
    if (match) return match[1];
  }
  throw new Error("the scripted server ended before it listened");
}

/** Runs `node <cli> <args>`, resolves with its stderr, and rejects unless it exits 0. */
async function runCli(cli, args, options) {
  const child = spawn(process.execPath, [cli, ...args], {
    ...options,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const [code] = await once(child, "exit");
  if (code !== 0) throw new Error(`keel ${args.join(" ")} exited ${code}: ${stderr}`);
  return stderr;
}

const TRAINING_SCENARIO = {
  name: "code-cache-training",
  turnMode: "count",
  turns: [
    { content: [{ type: "tool_use", name: "Bash", input: { command: "echo trained" } }] },
    { content: "done" },
  ],
  side: [{ match: { requestKind: "title" }, content: "training" }],
};

/**
 * One `keel -p` turn with a tool call, over HTTP against the scripted server, run by the built
 * executable as its shebang runs it (node without flags: V8 rejects a cache made under other
 * flags); the loader writes the code cache as that process exits.
 */
async function trainCodeCache(cli, cacheFile) {
  const scratch = await mkdtemp(join(tmpdir(), "keel-code-cache-"));
  const scenario = join(scratch, "scenario.json");
  await writeFile(scenario, JSON.stringify(TRAINING_SCENARIO));
  const env = { PATH: process.env.PATH, HOME: scratch, KEEL_CONFIG_DIR: join(scratch, "state") };
  const server = spawn(process.execPath, [cli, "scripted-server", scenario], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const url = await serverUrl(server);
    const args = ["-p", "train", "--model", "claude-sonnet-4-5"];
    args.push("--permission-mode", "bypassPermissions", "--output-format", "text");
    await runCli(cli, args, {
      cwd: scratch,
      env: {
        ...env,
        ANTHROPIC_BASE_URL: url,
        ANTHROPIC_API_KEY: "training",
        KEEL_CODE_CACHE_OUT: cacheFile,
      },
    });
    // A fresh process must take the cache (V8 checks node's version, its flags and the source).
    const loaded = await runCli(cli, ["scripted-server", "--help"], {
      env: { ...env, KEEL_DEBUG: "1" },
    });
    if (!loaded.includes("code cache used")) {
      throw new Error(`the print bundle's code cache does not fit a fresh process: ${loaded}`);
    }
  } finally {
    server.kill();
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Builds the print bundle into `outdir` beside the executable `cli` and trains its code cache.
 * `importMetaUrl` is the build's stand-in for import.meta.url (`define` and its `js` banner);
 * `plugins` are the esbuild plugins the full build uses too.
 */
export async function buildPrintBundle(outdir, cli, importMetaUrl, plugins = []) {
  const outfile = await bundle(outdir, importMetaUrl, plugins);
  await trainCodeCache(cli, `${outfile}.cache`);
  return relative(outdir, outfile);
}
