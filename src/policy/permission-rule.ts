import type { SettingsSource } from "../config/settings/sources.js";
import type { RuleValue } from "./rule-syntax.js";

/** What a rule does when it matches. */
export type RuleBehavior = "allow" | "deny" | "ask";

/** A permission rule with where it came from: its source names it in messages and anchors `/path`. */
export interface PermissionRule {
  behavior: RuleBehavior;
  /** The rule as written (`Bash(npm test:*)`). */
  text: string;
  value: RuleValue;
  source: SettingsSource;
  /** The file (or flag) that holds the rule, for messages. */
  origin: string;
  /** The folder `/path` patterns of this rule are relative to (the settings owner's folder). */
  root: string;
}
