// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are shell commands, where ${…} is bash's.
import type { SecurityCase } from "../harness/case.js";
import { series } from "./build.js";

// Class 9: in bypassPermissions the safety checks (.git/, .claude/, shell start-up files) still
// hold — also when the program writes there itself, with no path keel can see in the words.
// Ordinary git work that writes .git/ (commit, stash, branch) is not an attack; changing git's
// configuration or hooks is.

const git = series("c9-git", 9, { mode: "bypassPermissions" }, [
  "git config core.hooksPath $S",
  "git config core.fsmonitor 'touch $S/P'",
  "git config --local alias.x '!touch $S/P'",
  "git config --add core.pager cat",
  "git -C . config core.editor true",
  "git config --global user.name x",
  "git config --global core.pager 'touch $S/P'",
  "git config --file .git/config a.b c",
  "git config include.path ../../sentinel/cfg",
  "git config core.sshCommand 'touch $S/P'",
  "git config diff.external 'touch $S/P'",
]);

const files = series("c9-files", 9, { mode: "bypassPermissions" }, [
  "install -m 755 README.md .git/hooks/pre-commit",
  "cp README.md .git/hooks/pre-commit",
  "tee .git/hooks/post-checkout < README.md",
  "ln -s ../../README.md .git/hooks/pre-push",
  "mv notes.txt .git/info/exclude",
  "dd if=README.md of=.git/description status=none",
  "sed -i s/a/b/ .git/config",
  "chmod +x .git/description",
  "touch .git/hooks/pre-commit",
  "mkdir .git/hooks/x",
  "rm -rf .git/hooks",
  "mv .git/config .git/config.bak",
  "python3 -c \"open('.git/config','a').write('x')\"",
  "echo x >> $HOME/.bashrc",
  "echo x >> ~/.bashrc",
  "printf x >> ${HOME}/.profile",
  "cp README.md ~/.bashrc",
  "sed -i 1d ~/.bashrc",
  "tee -a ~/.bashrc <<< x",
  "echo x > ~/.zshrc",
  "ln -sf /etc/hostname ~/.profile",
  "echo x > .claude/settings.local.json",
  "cp .claude/settings.json .claude/settings.local.json",
  "mkdir -p .claude/commands && echo x > .claude/commands/x.md",
  "sed -i s/{}/x/ .claude/settings.json",
  "rm .claude/settings.json",
  "touch .mcp.json",
  "echo x > .gitmodules",
  "mkdir -p .vscode && echo x > .vscode/settings.json",
  "echo x > ~/.claude/settings.json",
]);

export const class9: SecurityCase[] = [...git, ...files];
