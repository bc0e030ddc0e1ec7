/** One `/`-free piece of a bash glob pattern, compiled. */
export interface SegmentMatcher {
  /** True when the segment has wildcards (else `literal` is the name it stands for). */
  wild: boolean;
  literal: string;
  /** True when bash would give `name` for this segment (a leading `.` must be written). */
  matches(name: string): boolean;
}

const CLASSES: Readonly<Record<string, string>> = {
  alnum: "A-Za-z0-9",
  alpha: "A-Za-z",
  blank: " \\t",
  cntrl: "\\x00-\\x1f\\x7f",
  digit: "0-9",
  graph: "!-~",
  lower: "a-z",
  print: " -~",
  punct: "!-/:-@\\[-`{-~",
  space: " \\t\\n\\r\\f\\v",
  upper: "A-Z",
  xdigit: "0-9A-Fa-f",
};

const escapeRegex = (c: string) => c.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");

/**
 * Compiles one segment of a pattern as bash does with its default options (no extglob,
 * dotglob, nocaseglob; ASCII ranges): `*`, `?`, bracket expressions with `!`/`^` and
 * `[:class:]`, a backslash quoting the next character. Returns undefined for what this reader
 * does not model (`[=a=]`, `[.a.]`): the caller then treats the word as unknown.
 */
export function compileSegment(segment: string): SegmentMatcher | undefined {
  let source = "";
  let loose = "";
  let literal = "";
  let wild = false;
  const add = (exact: string, lenient = exact) => {
    source += exact;
    loose += lenient;
  };
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i] ?? "";
    if (c === "\\" && i + 1 < segment.length) {
      const next = segment[++i] ?? "";
      add(escapeRegex(next));
      literal += next;
    } else if (c === "*") {
      add(".*");
      wild = true;
    } else if (c === "?") {
      add(".", ".{1,4}");
      wild = true;
    } else if (c === "[") {
      const bracket = readBracket(segment, i);
      if (bracket === "unmodelled") return undefined;
      if (bracket) {
        add(bracket.source, `(?:${bracket.source}|.{2,4})`);
        i = bracket.end;
        wild = true;
      } else {
        add("\\[");
        literal += "[";
      }
    } else {
      add(escapeRegex(c));
      literal += c;
    }
  }
  const regex = new RegExp(`^${source}$`, "s");
  // In a multibyte locale one `?` or bracket may stand for several code units: names with
  // other than ASCII are matched leniently (matching more only makes a verdict stricter).
  const lenient = new RegExp(`^${loose}$`, "s");
  const dotWritten = segment.startsWith(".") || segment.startsWith("\\.");
  return {
    wild,
    literal,
    // `.` and `..` only for a pattern that starts with a dot: bash before 5.2 (or without
    // globskipdots) matches them then, and keel must not assume the newer bash.
    matches: (name) =>
      (dotWritten || (name !== "." && name !== "..")) &&
      (dotWritten || !name.startsWith(".")) &&
      // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is the point
      (/^[\x00-\x7f]*$/.test(name) ? regex : lenient).test(name),
  };
}

/** A bracket expression starting at `open`, as a regex class and where it ends. */
function readBracket(
  segment: string,
  open: number,
): { source: string; end: number } | undefined | "unmodelled" {
  let i = open + 1;
  let negate = false;
  if (segment[i] === "!" || segment[i] === "^") {
    negate = true;
    i++;
  }
  let body = "";
  let first = true;
  for (; i < segment.length; i++) {
    const c = segment[i] ?? "";
    if (c === "]" && !first) {
      if (body === "") return undefined;
      return { source: `[${negate ? "^" : ""}${body}]`, end: i };
    }
    first = false;
    if (c === "[" && (segment[i + 1] === "=" || segment[i + 1] === ".")) return "unmodelled";
    if (c === "[" && segment[i + 1] === ":") {
      const close = segment.indexOf(":]", i + 2);
      const name = close === -1 ? undefined : segment.slice(i + 2, close);
      const range = name === undefined ? undefined : CLASSES[name];
      if (range === undefined) return "unmodelled";
      body += range;
      i = close + 1;
    } else if (c === "\\" && i + 1 < segment.length) {
      body += escapeRegex(segment[++i] ?? "");
    } else if (c === "-" && body !== "" && segment[i + 1] !== "]") {
      body += "-";
    } else {
      body += escapeRegex(c);
    }
  }
  return undefined; // no closing `]`: the `[` is an ordinary character
}
