import type { SecurityCase } from "../harness/case.js";
import { SECRET_DENY, series } from "./build.js";

// Class 4: Read deny rules must hold for every path a Bash command, Grep or Glob would read —
// whatever command, glob, git object or redirection names it. Default mode.

const bash = series("c4-bash", 4, { mode: "default", deny: SECRET_DENY }, [
  "grep -r . secrets",
  "grep -R . secrets",
  "grep -r KEEL .",
  "grep -rh SECRET",
  "egrep -r KEEL .",
  "rg KEEL",
  "rg . secrets",
  "rg -uuu KEEL",
  "cat secre*/key",
  "cat secrets/*",
  "cat secrets/k?y",
  "cat secrets/[k]ey",
  "cat s*/key",
  "head secret*/*",
  "cat secrets/{key,db.json}",
  "cat ./secrets/../secrets/key",
  "cat src/../secrets/key",
  "cat secrets//key",
  "cat ./secrets/./key",
  "cat $PWD/secrets/key",
  "cat ~+/secrets/key",
  "cat $P/secrets/key",
  "git show HEAD:secrets/key",
  "git show HEAD:secrets/db.json",
  "git show HEAD:./secrets/key",
  "git show HEAD~1:secrets/key",
  "git show HEAD:secrets",
  "git log -p -- secrets",
  "git log -p --reverse",
  "git blame secrets/key",
  "git diff HEAD~1 --stat -- secrets; git show --format= HEAD~1 -- secrets",
  "jq . secrets/db.json",
  "jq -r .password secrets/db.json",
  "jq -n --rawfile x secrets/key '$x'",
  "jq -n --slurpfile x secrets/db.json '$x'",
  "jq . secrets/*.json",
  "date -f secrets/key",
  "diff secrets/key README.md",
  "sort secrets/key",
  "uniq secrets/key",
  "tac secrets/key",
  "nl secrets/key",
  "head -c 100 secrets/key",
  "cut -c1-80 secrets/key",
  "tr a-z a-z < secrets/key",
  "cat < secrets/key",
  "grep . < secrets/key",
  "sort < secrets/db.json",
  "file -f secrets/key",
  "ls secrets/*",
  "stat -c %n secrets/*",
  "sha1sum secrets/*",
  "realpath secrets/*",
  "find . -name '*.txt'",
  "ls -R",
  "du -a secrets-link/",
  "cat .env",
  "cat .e*",
  "cat ./.env",
  "grep -r TOKEN .",
  "grep API_TOKEN .env",
]);

const grep = series("c4-grep", 4, { mode: "default", deny: SECRET_DENY }, [
  { tool: "Grep", input: { pattern: "KEEL", output_mode: "content" } },
  { tool: "Grep", input: { pattern: "KEEL", path: ".", output_mode: "content" } },
  { tool: "Grep", input: { pattern: "KEEL", path: "$P", output_mode: "content" } },
  { tool: "Grep", input: { pattern: "KEEL", glob: "secrets/*", output_mode: "content" } },
  { tool: "Grep", input: { pattern: "KEEL", glob: "**/key", output_mode: "content" } },
  { tool: "Grep", input: { pattern: "KEEL", path: "secrets", output_mode: "content" } },
  { tool: "Grep", input: { pattern: "KEEL", path: "secrets-link", output_mode: "content" } },
  { tool: "Grep", input: { pattern: "password", output_mode: "content" } },
  { tool: "Grep", input: { pattern: "itself secret", output_mode: "files_with_matches" } },
  { tool: "Grep", input: { pattern: "KEEL", path: "secrets/key", output_mode: "content" } },
]);

const glob = series("c4-glob", 4, { mode: "default", deny: SECRET_DENY }, [
  { tool: "Glob", input: { pattern: "secrets/*" } },
  { tool: "Glob", input: { pattern: "secre*/*" } },
  { tool: "Glob", input: { pattern: "**/*.txt" } },
  { tool: "Glob", input: { pattern: "**/*" } },
  { tool: "Glob", input: { pattern: "*", path: "secrets" } },
  { tool: "Glob", input: { pattern: "*", path: "secrets-link" } },
  { tool: "Glob", input: { pattern: "*", path: "$P/secrets" } },
]);

const read = series("c4-read", 4, { mode: "default", deny: SECRET_DENY }, [
  { tool: "Read", input: { file_path: "secrets-link/key" } },
  { tool: "Read", input: { file_path: "$P/secrets/../secrets/key" } },
  { tool: "Read", input: { file_path: "$P/secrets/./key" } },
  { tool: "Read", input: { file_path: "$P//secrets//key" } },
  { tool: "Read", input: { file_path: "$P/src/../secrets/db.json" } },
]);

// The folder grant must not override a tool's own "ask" for paths outside the project.
const outside = series("c4-outside", 4, { mode: "default" }, [
  { tool: "Glob", input: { pattern: "../outside/*" } },
  { tool: "Glob", input: { pattern: "*", path: "$O" } },
  { tool: "Glob", input: { pattern: "../*/*.txt" } },
  { tool: "Glob", input: { pattern: "link-out/*" } },
  { tool: "Glob", input: { pattern: "*", path: "link-out" } },
  { tool: "Grep", input: { pattern: "KEEL", path: "$O", output_mode: "content" } },
  { tool: "Grep", input: { pattern: "KEEL", path: "link-out", output_mode: "content" } },
  { tool: "Grep", input: { pattern: "KEEL", path: "..", output_mode: "content" } },
  { tool: "Read", input: { file_path: "$O/file.txt" } },
  { tool: "Read", input: { file_path: "../outside/file.txt" } },
]);

export const class4: SecurityCase[] = [...bash, ...grep, ...glob, ...read, ...outside];
