/** The permission engine: Claude Code's rules, modes and safety checks for tool calls. */
export { analyzeBash, type BashAnalysis, type BashPart } from "./bash-analysis.js";
export type {
  DecisionReason,
  HookDecision,
  PermissionDecision,
  PermissionSuggestions,
} from "./decision.js";
export {
  createPermissionEngine,
  type DecideOptions,
  effectiveMode,
  type PermissionEngine,
  type PermissionEngineOptions,
} from "./engine.js";
export { compilePathPattern, type PathPattern } from "./gitignore-pattern.js";
export { createHeadlessCanUseTool, howToAllow } from "./headless.js";
export type { PermissionRule, RuleBehavior } from "./permission-rule.js";
export { canonicalToolName, formatRule, parseRule, type RuleValue } from "./rule-syntax.js";
export { shellRuleMatches } from "./shell-rule.js";
export { suggestAllowRules } from "./suggest.js";
