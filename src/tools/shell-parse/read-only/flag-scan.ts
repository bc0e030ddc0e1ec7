/** What an option's value is: a file the command reads, or plain text. */
export type ValueKind = "text" | "path";

/** How a command's options are read (GNU getopt style). */
export interface FlagSpec {
  /** Short options that take a value (`-n 5`, `-n5`). */
  short?: Readonly<Record<string, ValueKind>>;
  /** Long options that take one value or several (`--arg name value`). */
  long?: Readonly<Record<string, ValueKind | readonly ValueKind[]>>;
  /** Options that make the command write or run code (`-o`, `--output`, `-exec` …). */
  forbidden?: readonly string[];
  /** When set, only these value-less options (plus `short` and `long`) are accepted. */
  onlyAllowed?: readonly string[];
}

/** The options and operands found in a command's arguments. */
export interface Scan {
  flags: Set<string>;
  positionals: string[];
  /** Values of options that name files. */
  paths: string[];
}

/** The verdict on one command: the paths it touches, or why it is not read-only. */
export type CommandVerdict = { ok: true; paths: string[] } | { ok: false; reason: string };

/** Reads arguments as options and operands; undefined options are value-less flags. */
export function scanArgs(args: readonly string[], spec: FlagSpec): Scan | { reason: string } {
  const scan: Scan = { flags: new Set(), positionals: [], paths: [] };
  let endOfOptions = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (endOfOptions || arg === "-" || !arg.startsWith("-")) {
      scan.positionals.push(arg);
    } else if (arg === "--") {
      endOfOptions = true;
    } else {
      const read = arg.startsWith("--")
        ? readLong(args, i, spec, scan)
        : readShortCluster(args, i, spec, scan);
      if (typeof read === "string") return { reason: read };
      i = read;
    }
  }
  return scan;
}

/** Reads `--name[=value]` and its values; returns the index of the last argument used. */
function readLong(
  args: readonly string[],
  at: number,
  spec: FlagSpec,
  scan: Scan,
): number | string {
  const arg = args[at] ?? "";
  const eq = arg.indexOf("=");
  const written = eq === -1 ? arg : arg.slice(0, eq);
  const inline = eq === -1 ? undefined : arg.slice(eq + 1);
  const forbidden = spec.forbidden?.find((f) => f.startsWith("--") && isAbbreviation(written, f));
  if (forbidden) return `${forbidden} is not read-only`;
  const name = canonicalLong(written, spec);
  scan.flags.add(name);
  const kinds = spec.long?.[name];
  if (kinds === undefined) {
    if (spec.onlyAllowed && !spec.onlyAllowed.includes(name)) return `${name} is not allowed`;
    if (inline !== undefined && looksLikePath(inline)) scan.paths.push(inline);
    return at;
  }
  const list: readonly ValueKind[] = typeof kinds === "string" ? [kinds] : kinds;
  const values = inline === undefined ? [] : [inline];
  let last = at;
  while (values.length < list.length) {
    last++;
    const next = args[last];
    if (next === undefined) return `${name} is missing its value`;
    values.push(next);
  }
  list.forEach((kind, index) => {
    if (kind === "path") scan.paths.push(values[index] ?? "");
  });
  return last;
}

/** getopt_long accepts any unambiguous abbreviation (`--out` for `--output`). */
function isAbbreviation(written: string, option: string): boolean {
  return written.length >= 3 && option.startsWith(written);
}

/** The known option an abbreviation stands for (it stays as written when none or several match). */
function canonicalLong(written: string, spec: FlagSpec): string {
  const known = [...Object.keys(spec.long ?? {}), ...(spec.onlyAllowed ?? [])];
  if (known.includes(written)) return written;
  const matches = known.filter(
    (option) => option.startsWith("--") && isAbbreviation(written, option),
  );
  return matches.length === 1 && matches[0] !== undefined ? matches[0] : written;
}

/** Reads `-abc` / `-n5` / `-n 5`; returns the index of the last argument used. */
function readShortCluster(
  args: readonly string[],
  at: number,
  spec: FlagSpec,
  scan: Scan,
): number | string {
  const arg = args[at] ?? "";
  for (let j = 1; j < arg.length; j++) {
    const letter = arg[j] ?? "";
    const name = `-${letter}`;
    if (spec.forbidden?.includes(name)) return `${name} is not read-only`;
    scan.flags.add(name);
    const kind = spec.short?.[letter];
    if (kind === undefined) {
      if (spec.onlyAllowed && !spec.onlyAllowed.includes(name)) return `${name} is not allowed`;
      continue;
    }
    const attached = arg.slice(j + 1);
    const value = attached !== "" ? attached : args[at + 1];
    if (value === undefined) return `${name} is missing its value`;
    if (kind === "path") scan.paths.push(value);
    return attached !== "" ? at : at + 1;
  }
  return at;
}

/** A value that may name a file (checked as a path when its option is unknown). */
export function looksLikePath(value: string): boolean {
  return value.includes("/") || value.startsWith(".") || value.startsWith("~");
}

/** A check that reads options by `spec` and hands the operands to `operands`. */
export function withFlags(
  spec: FlagSpec,
  operands: (scan: Scan) => CommandVerdict = (scan) => ({
    ok: true,
    paths: [...scan.paths, ...scan.positionals],
  }),
): (args: readonly string[]) => CommandVerdict {
  return (args) => {
    const scan = scanArgs(args, spec);
    if ("reason" in scan) return { ok: false, reason: scan.reason };
    return operands(scan);
  };
}

/** Operands that are plain text (only option values naming files are paths). */
export function textOperands(scan: Scan): CommandVerdict {
  return { ok: true, paths: scan.paths };
}
