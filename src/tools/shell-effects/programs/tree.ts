import type { OptionEntry } from "../option-scan.js";
import type { ProgramSpec } from "../types.js";
import { followsLinks } from "./file-readers.js";
import { operandsRead, tableSpec } from "./table-spec.js";

const TREE_FLAGS = "adfxqNQpugshDFvtcUrCAS";

/**
 * tree 2's options. Its own parser gives each value-taking letter of a cluster the next word
 * in turn (`-Lo 1 F` is `-L 1 -o F`). `-R` writes 00Tree.html files into every folder.
 */
const TREE_LONG: Readonly<Record<string, OptionEntry>> = {
  "--help": "flag",
  "--version": "flag",
  "--gitignore": "flag",
  "--gitfile": "read",
  "--ignore-case": "flag",
  "--matchdirs": "flag",
  "--metafirst": "flag",
  "--prune": "flag",
  "--info": "flag",
  "--infofile": "read",
  "--noreport": "flag",
  "--charset": "text",
  "--filelimit": "text",
  "--dirsfirst": "flag",
  "--filesfirst": "flag",
  "--timefmt": "text",
  "--sort": "text",
  "--si": "flag",
  "--du": "flag",
  "--inodes": "flag",
  "--device": "flag",
  "--nolinks": "flag",
  "--hintro": "read",
  "--houtro": "read",
  "--fromfile": "list",
  "--fromtabfile": "list",
  "--fflinks": "flag",
  "--condense": "flag",
  "--hyperlink": "flag",
  "--scheme": "text",
  "--authority": "text",
  "--opt-toggle": "flag",
  "--compress": "text",
  "--nolinks-html": "flag",
  "--level": "text",
  "--output": "write",
  "--pattern": "text",
};

export const treeSpec: ProgramSpec = tableSpec(
  {
    short: {
      ...Object.fromEntries([...TREE_FLAGS].map((l) => [l, "flag" as const])),
      L: "text",
      P: "text",
      I: "text",
      H: "text",
      T: "text",
      o: "write",
      l: "flag",
      R: "forbidden",
      i: "flag",
      n: "flag",
      X: "flag",
      J: "flag",
    },
    long: TREE_LONG,
    clusters: "next-word",
  },
  (scan, context) => {
    const use = operandsRead("tree", ".")(scan, context);
    return scan.has("-l") ? followsLinks(use, "tree -l") : use;
  },
);
