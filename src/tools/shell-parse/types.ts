/** The shape of a parsed shell command (bash syntax), shared by the Bash tool and the permission engine. */

/** An operator joining commands. Newline-separated statements are reported as ";". */
export type ShellOperator = "&&" | "||" | ";" | "|" | "|&" | "&";

/** A part of a word whose value is only known when bash runs it. */
export type DynamicKind =
  /** `$(...)` */
  | "command_substitution"
  /** `` `...` `` */
  | "backtick"
  /** `<(...)` or `>(...)` */
  | "process_substitution"
  /** `$VAR`, `${...}`, `$1`, `$@` … */
  | "variable"
  /** `$((...))` */
  | "arithmetic"
  /** unquoted `*`, `?` or `[` */
  | "glob"
  /** unquoted `{a,b}` or `{1..3}` */
  | "brace"
  /** unquoted `~` at the start (or after `=` / `:`) */
  | "tilde"
  /** syntax this parser does not model (e.g. `$"..."`): never trust its value */
  | "other";

/** One word (argument) of a command. */
export interface ShellWord {
  /** The word as written in the source. */
  text: string;
  /** Quotes removed and escapes resolved; dynamic parts are left as their source text. */
  value: string;
  /** Empty when `value` is exactly what bash passes to the command. */
  dynamic: DynamicKind[];
  /**
   * The word as a bash glob pattern, present when it has unquoted `*`, `?` or `[`: quoted
   * characters that are special to globbing come escaped with a backslash.
   */
  glob?: string;
}

/** A redirection (`>`, `>>`, `<`, `2>&1`, heredoc, herestring …). */
export interface Redirection {
  kind: "file" | "heredoc" | "herestring";
  /** The operator as written: ">", ">>", "&>", ">&", "<", "<<", "<<-", "<<<" … */
  operator: string;
  /** The file descriptor written before the operator (`2>`), if any. */
  fd?: number;
  /**
   * What the redirection points at: the file, the duplicated descriptor (`&1` → "1"), the
   * herestring, or the heredoc body. Absent when closing a descriptor (`3>&-`).
   */
  target?: ShellWord;
  /** True when a file is opened for writing (truncated or appended). */
  writes: boolean;
}

/** A simple command: a name, its arguments, prefix assignments and redirections. */
export interface SimpleCommand {
  /** The command's own source text (without redirections applied to an enclosing group). */
  text: string;
  /** The words, command name first; empty for a bare assignment like `FOO=1 >f`. */
  argv: ShellWord[];
  /** Prefix assignments (`FOO=1 cmd`). */
  assignments: Array<{ name: string; value?: ShellWord }>;
  /** Redirections written on this command (or on a redirected statement whose body it is). */
  redirections: Redirection[];
  /** Runs inside `$(...)`, backticks or a process substitution. */
  inSubstitution: boolean;
  /** Runs inside `( ... )`. */
  inSubshell: boolean;
}

/** Everything known about a command string after parsing it. */
export interface ParsedCommand {
  /** The command string as given. */
  source: string;
  /** Every simple command in source order, including those inside substitutions and groups. */
  commands: SimpleCommand[];
  /** The operators joining commands, in source order. */
  operators: ShellOperator[];
  /** Every redirection in source order (those of simple commands included). */
  redirections: Redirection[];
  /** How many `( ... )` subshells the command has. */
  subshells: number;
  /**
   * Shell constructs other than simple commands, lists, pipelines and groups, by tree-sitter
   * node type: "if_statement", "for_statement", "function_definition", "variable_assignment" …
   */
  constructs: string[];
  /**
   * Why bash may run code that `commands` does not list (a substitution in a heredoc body the
   * grammar may have misread, arithmetic that can evaluate array subscripts). Empty when none.
   */
  unseenCode: string[];
  /** Set when the command does not parse cleanly (the other fields are then incomplete). */
  parseError?: string;
}
