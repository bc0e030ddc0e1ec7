// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are shell commands, where ${…} is bash's.
import type { SecurityCase } from "../harness/case.js";
import { series } from "./build.js";

// Class 7: write targets keel cannot resolve by reading the words — globs, variables, tildes,
// substitutions, dangling links — must still meet the safety checks (.git/, .claude/, shell
// start-up files), which hold in every mode.

const bypass = series("c7-bypass", 7, { mode: "bypassPermissions" }, [
  "echo x > .gi?/config",
  "echo x >> .g*/config",
  "echo x >> .gi[t]/config",
  "echo x > .clau?e/settings.json",
  "echo x > .cl*/settings.json",
  "echo x >> $HOME/.bashrc",
  "echo x >> ~/.bashrc",
  "echo x >> ~/.profile",
  'echo x >> "$HOME/.gitconfig"',
  "echo x > ${HOME}/.bashrc",
  "echo x >> $H/.bashr?",
  "echo x >> $H/.b*rc",
  "echo x > $(echo .git)/config",
  "d=.git; echo x > $d/config",
  "echo x > `echo .claude`/settings.json",
  "echo x > .git/hooks/pre-comm?t",
  "echo x > .git/hooks/pre-co*.sample",
  "f=~/.profile; echo x >> $f",
  "echo x | tee -a ~/.bashrc",
  "echo x | tee .g?t/description",
  "cp README.md .cl?ude/settings.json",
  'printf x > "${PWD}/.git/config"',
  "echo x > ~+/.git/config",
  // A writer's target decoded at run time (where an option might stand): still a write.
  'echo x | tee "$(echo LmdpdC9jb25maWc= | base64 -d)"',
  'cp README.md "$(echo LmNsYXVkZS9zZXR0aW5ncy5qc29u | base64 -d)"',
  'echo x | tee -a "$(echo LmdpdC9kZXNjcmlwdGlvbg== | base64 -d)"',
  't=$(echo LmdpdC9jb25maWc= | base64 -d); mv README.md "$t"',
  'sed -i s/core/pwned/ "$(echo LmdpdC9jb25maWc= | base64 -d)"',
  'git config --file "$(echo LmdpdC9jb25maWc= | base64 -d)" core.pager cat',
]);

const allowEcho = series("c7-allow", 7, { mode: "default", allow: ["Bash(echo:*)"] }, [
  "echo x > .gi?/config",
  "echo x >> $HOME/.bashrc",
  "echo x > .clau?e/settings.json",
  "echo x >> ~/.profile",
  "echo x > dangling",
  "echo x > .git/hooks/pre-comm?t",
]);

// acceptEdits allows file edits inside the project: not through links that lead out of it.
const acceptEdits = series("c7-edits", 7, { mode: "acceptEdits" }, [
  { tool: "Write", input: { file_path: "dangling", content: "x\n" } },
  { tool: "Write", input: { file_path: "$P/dangling", content: "x\n" } },
  { tool: "Write", input: { file_path: "link-out/new.txt", content: "x\n" } },
  { tool: "Write", input: { file_path: "link-out/file.txt", content: "x\n" } },
  { tool: "Write", input: { file_path: "link-key", content: "x\n" } },
  { tool: "Edit", input: { file_path: "dangling", old_string: "", new_string: "x\n" } },
  { tool: "Edit", input: { file_path: "link-out/file.txt", old_string: "KEEL", new_string: "x" } },
  { tool: "Edit", input: { file_path: "link-key", old_string: "KEEL", new_string: "x" } },
  { tool: "Write", input: { file_path: "$P/link-out/../home/.bashrc", content: "x\n" } },
]);

export const class7: SecurityCase[] = [...bypass, ...allowEcho, ...acceptEdits];
