import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Parser } from "web-tree-sitter";

// Resolved through node_modules at run time: keel's bundled CLI (dist/) cannot carry the .wasm
// files, and web-tree-sitter's own import.meta.url lookup would point into dist/.
const requireHere = createRequire(import.meta.url);

let loading: Promise<Parser> | undefined;
let loaded: Parser | undefined;
let beforeCompile: (() => void) | undefined;

/**
 * Has `hook` run just before the grammar's WebAssembly is compiled (once, unless a load fails
 * and a later one tries again). For the owner of the process, not a library: the CLI uses it to
 * set V8's WebAssembly tiering (global to the process) only in runs that parse a shell command
 * with the grammar (src/cli/wasm-baseline.ts).
 */
export function setBeforeGrammarCompile(hook: () => void): void {
  beforeCompile = hook;
}

/** Loads the bash grammar once (later calls share it); rejects when the wasm files are missing. */
export function loadParser(): Promise<Parser> {
  if (!loading) {
    loading = createParser().then(
      (parser) => {
        loaded = parser;
        return parser;
      },
      (error: unknown) => {
        loading = undefined; // a later call may retry
        throw error;
      },
    );
  }
  return loading;
}

/** The parser if it has finished loading, for callers that cannot wait. */
export function loadedParser(): Parser | undefined {
  return loaded;
}

async function createParser(): Promise<Parser> {
  // Imported here, not at the top: a session that never parses a command never loads it.
  const { Language, Parser } = await import("web-tree-sitter");
  beforeCompile?.();
  const engineWasm = requireHere.resolve("web-tree-sitter/web-tree-sitter.wasm");
  await Parser.init({ locateFile: () => engineWasm });
  const grammar = await readFile(requireHere.resolve("tree-sitter-bash/tree-sitter-bash.wasm"));
  const language = await Language.load(grammar);
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}
