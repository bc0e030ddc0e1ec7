/**
 * The text from the first `{` to the last `}`: where a model's answer holds the JSON object it
 * was asked for, with or without a code fence or words around it. Undefined when there is no
 * such span; whether it parses is the caller's to find out.
 */
export function jsonObjectText(text: string): string | undefined {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  return start < 0 || end < start ? undefined : text.slice(start, end + 1);
}
