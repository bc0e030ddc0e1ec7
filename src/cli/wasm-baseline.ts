import { setBeforeGrammarCompile } from "../tools/shell-parse/tree-sitter-loader.js";
import { v8Module } from "./v8-module.js";

// V8 compiles WebAssembly with its baseline compiler (Liftoff), then re-compiles the functions
// that run hot with its optimising one (TurboFan) on a background thread. The bash grammar's
// lexer is one huge function: optimising it takes 0.5-2 s of a core, after parsing a single
// command. Node waits for every background task before it exits, and whenever its event loop
// runs empty, so the first command that needed the grammar held a `keel -p` run up for that
// long (1.6 s of a 1.7 s turn on a slow hour). keel parses a few short commands a turn, which
// the baseline code parses in well under a millisecond.

/** V8's flags for WebAssembly that stays at its baseline code (both tiering paths off). */
export const WASM_BASELINE_FLAGS = ["--no-wasm-tier-up", "--no-wasm-dynamic-tiering"] as const;

/** Sets V8 flags in this process (node:v8's setFlagsFromString; injected in tests). */
export type SetV8Flags = (flags: string) => void;

const setFlagsFromString: SetV8Flags = (flags) => v8Module().setFlagsFromString(flags);

/**
 * Keeps the grammar's WebAssembly at its baseline code. The flags are set just before the
 * grammar is compiled, not at start: a V8 flag set before node loads its own modules makes
 * node's code cache for them not fit (src/cli/young-generation.ts), and most runs never load
 * the grammar. They are global to the process, so the CLI sets them, not the library.
 */
export function keepGrammarAtBaseline(setFlags: SetV8Flags = setFlagsFromString): void {
  setBeforeGrammarCompile(() => {
    for (const flag of WASM_BASELINE_FLAGS) setFlags(flag);
  });
}
