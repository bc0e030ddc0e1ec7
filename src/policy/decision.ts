import type { SettingsSource } from "../config/settings/sources.js";
import type { PermissionMode } from "../tools/context.js";

/** What would allow a call that asks: rules to add, modes to switch to, folders to add. */
export interface PermissionSuggestions {
  /** Allow rules, narrowest first (`Bash(npm run test:*)`, `Edit(//abs/file)`). */
  rules: string[];
  /** Modes that would allow it (acceptEdits for edits inside the working folders, bypassPermissions). */
  modes: PermissionMode[];
  /** Folders that, added with --add-dir, would make it an ordinary working-folder call. */
  directories: string[];
}

/** Why a decision came out the way it did. */
export type DecisionReason =
  /** A permission rule decided (`rule` is its text, `source` its settings source). */
  | { type: "rule"; rule: string; source: SettingsSource; origin: string }
  /** The permission mode decided (bypassPermissions, dontAsk, plan, or nothing allowed it). */
  | { type: "mode"; mode: string }
  /** The tool's own check decided (reads inside the working folders, acceptEdits, a tool's deny). */
  | { type: "tool" }
  /** A safety check: writes to .git/, .claude/, keel's state, shell start-up files always ask. */
  | { type: "safety"; path: string }
  /** The call runs in the OS sandbox, which `autoAllowBashIfSandboxed` lets through. */
  | { type: "sandbox" }
  /** A PreToolUse hook decided. */
  | { type: "hook"; reason?: string };

/** The permission engine's answer for one tool call. */
export type PermissionDecision =
  | {
      behavior: "allow";
      reason: DecisionReason;
      message: string;
      /** The input the call should run with, when the tool's own check rewrote it. */
      updatedInput?: Record<string, unknown>;
    }
  | {
      behavior: "deny";
      reason: DecisionReason;
      message: string;
      /** The turn stops too, as on a person's rejection (a PermissionRequest hook's interrupt). */
      interrupt?: true;
    }
  | {
      behavior: "ask";
      reason: DecisionReason;
      message: string;
      /** What would allow this call, for prompts and headless messages. */
      suggestions: PermissionSuggestions;
    };

/** What PreToolUse hooks decided about the call, if anything. */
export interface HookDecision {
  behavior: "allow" | "deny" | "ask";
  reason?: string;
}
