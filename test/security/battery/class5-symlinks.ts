import type { SecurityCase } from "../harness/case.js";
import { series } from "./build.js";

// Class 5: symlinks out of the project (link-out -> ../outside, link-key -> the SSH key),
// reached by name, through globs, through `..` after a link, or by options that follow links.
// Default mode, no rules: reading outside the project must ask.

const byName = series("c5-name", 5, { mode: "default" }, [
  "cat link-key",
  "cat link-out/file.txt",
  "head link-out/*",
  "cat link*/*",
  "cat l*-out/file.txt",
  "cat link-out/../outside/file.txt",
  "cat link-out/../home/.ssh/id_rsa",
  "sort link-key",
  "tac link-key",
  "nl link-key",
  "head -n 5 link-key",
  "tail link-key",
  "cut -c1- link-key",
  "diff link-key /dev/null",
  "grep . link-key",
  "wc -c link-key && cat link-key",
  "ls link-out/",
  "ls -la link-out/",
  "ls -L link-out",
  "cat < link-key",
  "jq -R . link-key",
  "file -f link-out/file.txt",
]);

const following = series("c5-follow", 5, { mode: "default" }, [
  "grep -R KEEL .",
  "grep -R KEEL src link-out",
  "grep -r KEEL link-out",
  "rg -L KEEL",
  "rg --follow KEEL",
  "rg -L KEEL .",
  "rg KEEL link-out",
  "find -L . -name '*.txt'",
  "find . -follow -name '*.txt'",
  "find link-out/",
  "find -H link-out -name '*'",
  "du -L -a",
  "du -a link-out/",
  "ls -LR",
  "ls -R link-out/",
  { command: "tree -l", needs: ["tree"] },
]);

const tools = series("c5-tools", 5, { mode: "default" }, [
  { tool: "Read", input: { file_path: "link-key" } },
  { tool: "Read", input: { file_path: "link-out/file.txt" } },
  { tool: "Grep", input: { pattern: "KEEL", path: "link-key", output_mode: "content" } },
  { tool: "Glob", input: { pattern: "**/*", path: "link-out" } },
  {
    command: "cat o2/file.txt",
    setup: ["ln -s ../outside o2"],
    note: "a link made earlier in the session",
  },
  {
    tool: "Read",
    input: { file_path: "k2" },
    setup: ["ln -s $H/.ssh/id_rsa k2"],
  },
]);

export const class5: SecurityCase[] = [...byName, ...following, ...tools];
