/** Shell command parsing (tree-sitter-bash) and the read-only verdict built on it. */
export { loadShellParser, parseShellCommand, parseShellCommandSync } from "./parse.js";
export type { RealPath } from "./read-only/paths.js";
export {
  isReadOnlyCommand,
  type ReadOnlyOptions,
  type ReadOnlyVerdict,
  readOnlyVerdict,
} from "./read-only/read-only.js";
export type {
  DynamicKind,
  ParsedCommand,
  Redirection,
  ShellOperator,
  ShellWord,
  SimpleCommand,
} from "./types.js";
