/** Shell command parsing (tree-sitter-bash); what a command does is shell-effects' business. */
export { loadShellParser, parseShellCommand, parseShellCommandSync } from "./parse.js";
export type {
  DynamicKind,
  ParsedCommand,
  Redirection,
  ShellOperator,
  ShellWord,
  SimpleCommand,
} from "./types.js";
