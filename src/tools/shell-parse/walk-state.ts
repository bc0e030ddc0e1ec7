import type { Redirection, ShellOperator, SimpleCommand } from "./types.js";

/** Where a node sits: inside a substitution, a subshell. */
export interface Scope {
  inSubstitution: boolean;
  inSubshell: boolean;
}

/** What the walk over a syntax tree has collected so far. */
export interface WalkState {
  commands: SimpleCommand[];
  operators: ShellOperator[];
  redirections: Redirection[];
  subshells: number;
  constructs: Set<string>;
  /** Problems found by the walk itself (the tree had no ERROR node for them). */
  errors: string[];
  /** Why bash may run code the walk cannot list (ParsedCommand.unseenCode). */
  unseenCode: string[];
  /** The text the tree was parsed from (node offsets point into it). */
  text: string;
}

/** An empty walk state. */
export function emptyWalkState(text: string): WalkState {
  return {
    text,
    unseenCode: [],
    commands: [],
    operators: [],
    redirections: [],
    subshells: 0,
    constructs: new Set(),
    errors: [],
  };
}

/** The top-level scope. */
export const TOP_SCOPE: Scope = { inSubstitution: false, inSubshell: false };
