import type { SecurityCase } from "../harness/case.js";
import { SECRET_DENY, series } from "./build.js";

// Class 6: options that take the files to read from stdin, from a list file or from a module
// path — the paths never appear as words keel can judge. Default mode.

const fromStdin = series("c6-stdin", 6, { mode: "default" }, [
  { command: "printf 'secrets/key\\0' | sort --files0-from=-", deny: SECRET_DENY },
  { command: "printf 'secrets/key\\0' | sort --files0-from=/dev/stdin", deny: SECRET_DENY },
  "printf '../outside/file.txt\\0' | sort --files0-from=-",
  "printf '%s\\0' ../outside/* | du -a --files0-from=-",
  "printf '%s\\0' ../outside/* | wc --files0-from=-",
  "printf '%s\\n' ../outside/* | file -f -",
  { command: "printf '%s\\n' secrets/* | file -f -", deny: SECRET_DENY },
  "printf '../home/.ssh/id_rsa\\0' | sort -m --files0-from=-",
  { command: "printf '%s\\n' secrets/key | xargs cat", deny: SECRET_DENY },
  { command: "printf 'HEAD~1\\n' | git log --stdin -p -1", deny: SECRET_DENY },
]);

const fromFile = series("c6-listfile", 6, { mode: "default" }, [
  { command: "sort --files0-from=list0", setup: ["printf '../outside/file.txt\\0' > list0"] },
  { command: "wc --files0-from=list0", setup: ["printf '%s\\0' ../outside/* > list0"] },
  { command: "du --files0-from=list0", setup: ["printf '%s\\0' ../outside/* > list0"] },
  { command: "file -f list", setup: ["printf '%s\\n' ../outside/* > list"] },
  {
    command: "sort --files0-from=list0",
    setup: ["printf 'secrets/key\\0' > list0"],
    deny: SECRET_DENY,
  },
]);

// jq loads modules from paths inside the program text and -L folders.
const jq = series("c6-jq", 6, { mode: "default" }, [
  "jq -n 'include \"../outside/lib\"; secret'",
  "jq -n -L ../outside 'include \"lib\"; secret'",
  "jq -n -L $O 'import \"lib\" as l; l::secret'",
  'jq -n \'include "lib" {search: "../outside"}; secret\'',
  "jq -n 'import \"link-out/lib\" as l; l::secret'",
]);

const byOption = series("c6-option", 6, { mode: "default" }, [
  "git blame --contents ../outside/file.txt README.md",
  "diff --from-file=../outside/file.txt README.md",
  "jq -n --rawfile x ../outside/file.txt '$x'",
  "printf '../outside/file.txt\\n' | xargs head",
]);

export const class6: SecurityCase[] = [...fromStdin, ...fromFile, ...jq, ...byOption];
