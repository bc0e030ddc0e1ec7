import type { ShellWord } from "../../shell-parse/index.js";
import { type OptionScan, type OptionTable, scanOptions } from "../option-scan.js";
import type { PathUse, ProgramSpec, ProgramUse, SpecContext, WordUse } from "../types.js";
import { guessedUse } from "./guessed-use.js";

/** What a program does with its operands, once its options are read. */
export type OperandRule = (scan: OptionScan, context: SpecContext) => Partial<ProgramUse>;

/** Operands are files read with `use` (a folder's entries, say); none means `fallback`. */
export function operandsRead(
  use: PathUse | ((scan: OptionScan) => PathUse),
  fallback?: string,
): OperandRule {
  return (scan) => {
    const how = typeof use === "function" ? use(scan) : use;
    const words =
      scan.operands.length > 0 || fallback === undefined ? scan.operands : [literal(fallback)];
    return { reads: words.map((word) => ({ word, use: how })) };
  };
}

/** Operands are plain text. */
export const operandsText: OperandRule = () => ({});

/** A static word made by keel (the `.` a search starts from when no folder is named). */
export function literal(value: string): ShellWord {
  return { text: value, value, dynamic: [] };
}

/**
 * A spec from an option grammar and an operand rule. Options that take files are read or
 * written; `list` options read names from elsewhere, `exec` ones run code; a forbidden option
 * or arguments that do not fit the grammar make keel guess (never read-only).
 */
export function tableSpec(table: OptionTable, operands: OperandRule): ProgramSpec {
  return (args, context) => {
    const scan = scanOptions(args, table);
    if ("problem" in scan) return guessedUse(args, scan.problem);
    const forbidden = scan.options.find(
      (o) => o.kind === "forbidden" || o.kind === "forbidden-value",
    );
    if (forbidden) return guessedUse(args, `${forbidden.name} is not a read-only option`);
    return merge(optionEffects(scan), operands(scan, context));
  };
}

function optionEffects(scan: OptionScan): ProgramUse {
  const use: ProgramUse = { reads: [], writes: [], modelled: true };
  for (const option of scan.options) {
    if (!option.value) continue;
    const entry: WordUse = { word: option.value, use: "entry" };
    if (option.kind === "read") use.reads.push(entry);
    if (option.kind === "write") {
      use.writes.push(entry);
      use.notReadOnly ??= `${option.name} writes ${option.value.text}`;
    }
    if (option.kind === "list") {
      if (option.value.value !== "-") use.reads.push(entry);
      use.unknownReads ??= `${option.name} reads the names of more files from ${option.value.text}`;
      use.notReadOnly ??= `${option.name} reads files keel cannot list`;
    }
    if (option.kind === "exec") {
      use.opaque ??= `${option.name} runs ${option.value.text}`;
      use.notReadOnly ??= `${option.name} runs a program`;
    }
  }
  return use;
}

/** Two partial uses as one (lists joined, the first reason of each kind kept). */
export function merge(base: ProgramUse, extra: Partial<ProgramUse>): ProgramUse {
  const merged: ProgramUse = {
    ...extra,
    ...base,
    reads: [...base.reads, ...(extra.reads ?? [])],
    writes: [...base.writes, ...(extra.writes ?? [])],
    modelled: base.modelled && (extra.modelled ?? true),
  };
  for (const key of ["notReadOnly", "opaque", "unknownReads", "unknownWrites"] as const) {
    const value = base[key] ?? extra[key];
    if (value !== undefined) merged[key] = value;
  }
  const runs = [...(base.runs ?? []), ...(extra.runs ?? [])];
  if (runs.length > 0) merged.runs = runs;
  const scripts = [...(base.scripts ?? []), ...(extra.scripts ?? [])];
  if (scripts.length > 0) merged.scripts = scripts;
  return merged;
}
