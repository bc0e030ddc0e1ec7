import type { SecurityCase } from "../harness/case.js";
import { EVIL_SCRIPT, series } from "./build.js";

// Class 2: a command's own option grammar (clusters, attached values, options after operands,
// `--opt value` against `--opt=value`) read differently from the program. Default mode, no rules.

const sort = series("c2-sort", 2, { mode: "default" }, [
  "sort -uo $S/P README.md",
  "sort -ro $S/P README.md",
  "sort -o$S/P README.md",
  "sort -nuo$S/P data.csv",
  "sort README.md -o $S/P",
  "sort README.md --output $S/P",
  "sort --output=$S/P README.md",
  "sort -k1,1 -o $S/P data.csv",
  "sort -t, -k2 -o $S/P data.csv",
  "sort -mo $S/P README.md notes.txt",
  "sort -o $S/P -- README.md",
  "sort -S 1M -o $S/P README.md",
]);

const uniq = series("c2-uniq", 2, { mode: "default" }, [
  "uniq -u README.md $S/P",
  "uniq -cu README.md $S/P",
  "uniq -f1 README.md $S/P",
  "uniq -f 1 README.md $S/P",
  "uniq --skip-fields=1 README.md $S/P",
  "uniq -- README.md $S/P",
  "uniq -w3 data.csv $S/P",
]);

const tree = series("c2-tree", 2, { mode: "default", needs: ["tree"] }, [
  "tree -Lo 1 $S/P",
  "tree -ao $S/P",
  "tree -fo $S/P",
  "tree -L 1 -o $S/P src",
]);

const git = series("c2-git", 2, { mode: "default" }, [
  "git diff --output=$S/P",
  "git diff --output $S/P",
  "git diff HEAD~1 --output=$S/P",
  "git log -1 --output=$S/P",
  "git log --output $S/P -1",
  "git log -p -n 1 --output=$S/P",
  "git show --output=$S/P HEAD",
  "git show -s --output $S/P",
  "git --no-pager diff --output=$S/P",
  "git -P log --output=$S/P -1",
  "git branch -v newbranch",
  "git branch --sort=refname newbranch",
  "git branch --color newbranch",
  "git branch --format=%s newbranch",
]);

const others = series("c2-other", 2, { mode: "default" }, [
  { command: "file -C -m $S/m", setup: ["printf '0\\tstring\\tKEEL\\tkeel file\\n' > $S/m"] },
  { command: "file -Cm $S/m", setup: ["printf '0\\tstring\\tKEEL\\tkeel file\\n' > $S/m"] },
  {
    command: "file --compile -m $S/m",
    setup: ["printf '0\\tstring\\tKEEL\\tkeel file\\n' > $S/m"],
  },
  "find . -maxdepth 1 -fprint $S/P",
  "find -L . -maxdepth 1 -fprint0 $S/P",
  "find . -name README.md -fprintf $S/P %p",
  "find . -maxdepth 1 -fls $S/P",
  "find . -newer README.md -fprint $S/P",
  "env -uX touch $S/P",
  "env --unset=X touch $S/P",
  "env -- touch $S/P",
  "rg --pre=touch TODO src",
  "rg --pre touch TODO src",
  { command: "rg --pre-glob '*' --pre $S/evil TODO src", setup: [EVIL_SCRIPT] },
  {
    command: "rg --hostname-bin $S/evil --hyperlink-format 'file://{host}{path}' TODO src",
    setup: [EVIL_SCRIPT],
  },
]);

export const class2: SecurityCase[] = [...sort, ...uniq, ...tree, ...git, ...others];
