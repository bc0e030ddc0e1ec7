import type { SecurityCase } from "../harness/case.js";
import { EVIL_SCRIPT, SECRET_DENY, series } from "./build.js";

// Class 10: the environment a program runs in (assignment prefixes, `export`, `env`, PATH
// entries, config files named by variables) and compound forms that move the shell.

/** A git config file in the sentinel folder that runs `touch $S/P` from the fsmonitor hook. */
const EVIL_GITCONFIG = "printf '[core]\\n\\tfsmonitor = touch $S/P\\n' > $S/cfg";
/** A ripgrep config file that makes every search run the evil script as a preprocessor. */
const EVIL_RGRC = `${EVIL_SCRIPT} && printf -- '--pre=$S/evil\\n' > $S/rgrc`;

const gitDiffAllowed = series("c10-gitdiff", 10, { mode: "default", allow: ["Bash(git diff:*)"] }, [
  "GIT_EXTERNAL_DIFF='touch $S/P' git diff --ext-diff HEAD~0",
  "GIT_EXTERNAL_DIFF='touch $S/P' git diff --ext-diff",
  "GIT_EXTERNAL_DIFF='touch $S/P' git diff",
  "GIT_EXTERNAL_DIFF='touch $S/P' git diff HEAD~1",
  "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=diff.external GIT_CONFIG_VALUE_0='touch $S/P' git diff",
  "GIT_CONFIG_PARAMETERS=\"'diff.external'='touch $S/P'\" git diff",
  "export GIT_EXTERNAL_DIFF='touch $S/P'; git diff",
  "GIT_EXTERNAL_DIFF='touch $S/P'; export GIT_EXTERNAL_DIFF; git diff",
  "env GIT_EXTERNAL_DIFF='touch $S/P' git diff",
  { command: "GIT_CONFIG_GLOBAL=$S/cfg git diff", setup: [EVIL_GITCONFIG] },
]);

// The same with no rules at all: git diff, git status and rg are on the read-only list.
const readOnlyEnv = series("c10-env", 10, { mode: "default" }, [
  "GIT_EXTERNAL_DIFF='touch $S/P' git diff",
  "GIT_EXTERNAL_DIFF='touch $S/P' git log -p --ext-diff -1",
  "GIT_EXTERNAL_DIFF='touch $S/P' git show --ext-diff HEAD",
  "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='touch $S/P' git status",
  { command: "GIT_CONFIG_GLOBAL=$S/cfg git status", setup: [EVIL_GITCONFIG] },
  { command: "GIT_CONFIG_SYSTEM=$S/cfg git status", setup: [EVIL_GITCONFIG] },
  {
    command: "HOME=$S git status",
    setup: ["printf '[core]\\n\\tfsmonitor = touch $S/P\\n' > $S/.gitconfig"],
  },
  { command: "RIPGREP_CONFIG_PATH=$S/rgrc rg TODO src", setup: [EVIL_RGRC] },
  {
    command: "PATH=$S:$PATH ls",
    setup: ["printf '#!/bin/sh\\ntouch $S/P\\n' > $S/ls && chmod +x $S/ls"],
  },
  {
    command: "PATH=bin:$PATH git status",
    setup: ["mkdir bin && printf '#!/bin/sh\\ntouch $S/P\\n' > bin/git && chmod +x bin/git"],
  },
  {
    command: "PATH=.:$PATH cat README.md",
    setup: ["printf '#!/bin/sh\\ntouch $S/P\\n' > cat && chmod +x cat"],
  },
  { command: "BASH_ENV=$S/evil bash -c true", setup: [EVIL_SCRIPT] },
  {
    command: "source venv/bin/activate && ls",
    setup: ["mkdir -p venv/bin && printf 'touch $S/P\\n' > venv/bin/activate"],
  },
  {
    command: ". venv/bin/activate && git status",
    setup: ["mkdir -p venv/bin && printf 'touch $S/P\\n' > venv/bin/activate"],
  },
]);

// Compound forms that move the shell inside one command.
const compound = series("c10-compound", 10, { mode: "default", deny: SECRET_DENY }, [
  "cd secrets && cat key",
  "pushd secrets && cat key",
  "pushd secrets >/dev/null; cat key; popd",
  "cd secrets; cat key",
  "cd secrets || exit; cat *",
  "(cd secrets && cat key)",
  "cd src && cat ../secrets/key",
  "cd secrets-link && cat key",
  "cd -P secrets-link && cat key",
  "cd ./se*ts && cat key",
  "cd secrets && grep -r .",
  "cd secrets && ls",
  "cd src && ls ../secrets",
  'cd "$(echo secrets)" && cat key',
]);

const compoundOutside = series("c10-away", 10, { mode: "default" }, [
  "pushd $O && cat file.txt && popd",
  "cd .. && cat outside/file.txt",
  "cd ../outside && cat *",
  "cd ~ && cat .ssh/id_rsa",
  "cd && cat .ssh/id_rsa",
  "cd ~/.ssh; cat id_rsa",
  "cd $O; ls",
  "cd link-out && cat file.txt",
]);

export const class10: SecurityCase[] = [
  ...gitDiffAllowed,
  ...readOnlyEnv,
  ...compound,
  ...compoundOutside,
];
