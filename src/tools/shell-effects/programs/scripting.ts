import type { ProgramSpec } from "../types.js";
import { awkSpec } from "./awk.js";
import { jqSpec } from "./jq.js";
import { sedSpec } from "./sed.js";

/** Programs driven by a language of their own, read for what the script does. */
export const SCRIPTED: Readonly<Record<string, ProgramSpec>> = {
  sed: sedSpec,
  awk: awkSpec,
  gawk: awkSpec,
  mawk: awkSpec,
  nawk: awkSpec,
  jq: jqSpec,
};
