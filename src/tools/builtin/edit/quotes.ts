const LEFT_SINGLE = "\u2018";
const RIGHT_SINGLE = "\u2019";
const LEFT_DOUBLE = "\u201C";
const RIGHT_DOUBLE = "\u201D";

const CURLY_SINGLE = /[\u2018\u2019]/g;
const CURLY_DOUBLE = /[\u201C\u201D]/g;

/**
 * The text with curly quotes made straight. Each quote stays one character, so an index
 * into the normalised text is the same index into the original.
 */
export function normalizeQuotes(text: string): string {
  return text.replace(CURLY_SINGLE, "'").replace(CURLY_DOUBLE, '"');
}

/** A quote opens when nothing, a space or an opening bracket or dash comes before it. */
function opensHere(text: string, index: number): boolean {
  const before = text[index - 1];
  return before === undefined || /[\s([{<\u2014\u2013-]/u.test(before);
}

function isLetter(char: string | undefined): boolean {
  return char !== undefined && /\p{L}/u.test(char);
}

/** Straight quotes turned curly by position: “open”, ‘open’, and ’ for apostrophes. */
function curl(text: string, straight: "'" | '"'): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char !== straight) {
      out += char;
    } else if (straight === '"') {
      out += opensHere(text, i) ? LEFT_DOUBLE : RIGHT_DOUBLE;
    } else if (isLetter(text[i - 1]) && isLetter(text[i + 1])) {
      out += RIGHT_SINGLE;
    } else {
      out += opensHere(text, i) ? LEFT_SINGLE : RIGHT_SINGLE;
    }
  }
  return out;
}

/**
 * `newString` in the quote style of the file text it replaces: when the model wrote straight
 * quotes for a file's curly ones (or the reverse), the replacement follows the file.
 */
export function restyleQuotes(newString: string, fileText: string, oldString: string): string {
  let out = newString;
  if (/[\u201C\u201D]/.test(fileText)) out = curl(out, '"');
  else if (fileText.includes('"') && /[\u201C\u201D]/.test(oldString))
    out = out.replace(CURLY_DOUBLE, '"');
  if (/[\u2018\u2019]/.test(fileText)) out = curl(out, "'");
  else if (fileText.includes("'") && /[\u2018\u2019]/.test(oldString))
    out = out.replace(CURLY_SINGLE, "'");
  return out;
}
