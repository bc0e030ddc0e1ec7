/** The most host context one call's result may carry (UTF-16 code units, Claude Code's cap). */
const CLASSIFIER_CONTEXT_UNITS = 2000;

/**
 * PostToolUse hooks' classifierContext for one call, joined and capped as one budget; a
 * surrogate pair cut in half at the cap is dropped whole. Undefined when there is none.
 */
export function capClassifierContext(parts: readonly string[]): string | undefined {
  const joined = parts.filter((part) => part !== "").join("\n");
  if (joined === "") return undefined;
  let text = joined.slice(0, CLASSIFIER_CONTEXT_UNITS);
  const last = text.charCodeAt(text.length - 1);
  if (text.length < joined.length && last >= 0xd800 && last <= 0xdbff) text = text.slice(0, -1);
  return text;
}
