import type { CommandVerdict } from "./flag-scan.js";

/** Operators and brackets of `test`, `[` and `[[`: never paths. */
const OPERATOR_WORDS = new Set([
  "!",
  "=",
  "==",
  "!=",
  "<",
  ">",
  "(",
  ")",
  "]",
  "]]",
  "&&",
  "||",
  "=~",
]);

/** Operators whose operands bash evaluates as arithmetic (array subscripts can run code). */
const ARITHMETIC = new Set(["-eq", "-ne", "-lt", "-le", "-gt", "-ge"]);

/** Operators that evaluate an array subscript (`-v 'a[$(cmd)]'` runs cmd). */
const SUBSCRIPT_EVALUATING = new Set(["-v", "-R"]);

/** The check for `test`, `[` or `[[`: operands are paths, arithmetic only on integers. */
export function testArgs(name: "test" | "[" | "[["): (args: readonly string[]) => CommandVerdict {
  return (args) => {
    const words = name === "test" ? args : args.slice(0, -1);
    const closing = name === "[" ? "]" : "]]";
    if (name !== "test" && args[args.length - 1] !== closing) {
      return { ok: false, reason: `no closing ${closing}` };
    }
    if (words.some((w) => SUBSCRIPT_EVALUATING.has(w))) {
      return { ok: false, reason: "-v/-R may evaluate code in a subscript" };
    }
    const operands = words.filter((w) => !OPERATOR_WORDS.has(w) && !isOperatorFlag(w));
    const compared = words.flatMap((w, i) =>
      ARITHMETIC.has(w) ? [words[i - 1], words[i + 1]] : [],
    );
    if (!compared.every((w) => w !== undefined && /^-?\d+$/.test(w))) {
      return { ok: false, reason: "arithmetic on something other than integers" };
    }
    const pathLike = words.filter((w, i) => operands.includes(w) && !isPatternOperand(words, i));
    return { ok: true, paths: pathLike };
  };
}

function isOperatorFlag(word: string): boolean {
  return /^-[a-zA-Z]{1,2}$/.test(word);
}

/** The right side of `==`, `!=`, `=~` in `[[ ]]` is a pattern, not a path. */
function isPatternOperand(words: readonly string[], index: number): boolean {
  const before = words[index - 1];
  return before === "==" || before === "=~" || before === "!=" || before === "=";
}
