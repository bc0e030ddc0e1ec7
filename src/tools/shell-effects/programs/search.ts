import type { ProgramSpec } from "../types.js";
import { findSpec } from "./find.js";
import { GREP_FAMILY } from "./grep-family.js";
import { treeSpec } from "./tree.js";

/** Programs that search folders and files. */
export const SEARCHERS: Readonly<Record<string, ProgramSpec>> = {
  ...GREP_FAMILY,
  find: findSpec,
  tree: treeSpec,
};
