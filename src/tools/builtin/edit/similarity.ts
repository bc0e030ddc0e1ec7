/** The character pairs of a line (trimmed), as sorted codes for a fast merge. */
export function bigramsOf(line: string): Int32Array {
  const text = line.trim();
  const codes = new Int32Array(Math.max(0, text.length - 1));
  for (let i = 0; i < codes.length; i++) {
    codes[i] = (text.charCodeAt(i) << 16) | text.charCodeAt(i + 1);
  }
  return codes.sort();
}

/**
 * How alike two lines are, 0 to 1 (Dice coefficient over character pairs, ignoring leading
 * and trailing whitespace so an indentation slip still scores high).
 */
export function lineSimilarity(
  a: string,
  b: string,
  pairsA: Int32Array,
  pairsB: Int32Array,
): number {
  if (a.trim() === b.trim()) return 1;
  if (pairsA.length === 0 || pairsB.length === 0) return 0;
  let common = 0;
  let i = 0;
  let j = 0;
  while (i < pairsA.length && j < pairsB.length) {
    const x = pairsA[i] as number;
    const y = pairsB[j] as number;
    if (x === y) {
      common++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return (2 * common) / (pairsA.length + pairsB.length);
}
