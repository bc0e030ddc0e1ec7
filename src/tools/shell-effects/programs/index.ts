import type { ProgramSpec } from "../types.js";
import { FILE_INFO } from "./file-info.js";
import { catSpec, headSpec, lsSpec, tailSpec, wcSpec } from "./file-readers.js";
import { gitSpec } from "./git-spec.js";
import { SCRIPTED } from "./scripting.js";
import { SEARCHERS } from "./search.js";
import {
  cdSpec,
  popdSpec,
  printfSpec,
  pushdSpec,
  setSpec,
  testSpec,
  textOnly,
  variableBuiltin,
} from "./shell-builtins.js";
import { interpreterFamily, shellSpec } from "./shells.js";
import { TEXT_FILTERS } from "./text-filters.js";
import {
  builtinSpec,
  commandSpec,
  envSpec,
  execSpec,
  opaque,
  wrapper,
  xargsSpec,
} from "./wrappers.js";
import {
  chgrpSpec,
  chmodSpec,
  chownSpec,
  cpSpec,
  ddSpec,
  installSpec,
  lnSpec,
  mkdirSpec,
  mkfifoSpec,
  mvSpec,
  rmdirSpec,
  rmSpec,
  shredSpec,
  teeSpec,
  touchSpec,
  truncateSpec,
  unlinkSpec,
} from "./writers.js";

const runsCode = (what: string) => opaque(`${what} runs code keel cannot follow`);

/**
 * The closed list of programs that run other programs or code (contracts §6): wrappers whose
 * command keel reads in turn, and the rest, which are opaque.
 */
const RUNNERS: Readonly<Record<string, ProgramSpec>> = {
  command: commandSpec,
  builtin: builtinSpec,
  exec: execSpec,
  env: envSpec,
  xargs: xargsSpec,
  nohup: wrapper("nohup", { options: {}, transparent: false }),
  setsid: wrapper("setsid", {
    options: {
      short: { c: "flag", f: "flag", w: "flag" },
      long: { "--ctty": "flag", "--fork": "flag", "--wait": "flag" },
    },
    transparent: false,
  }),
  nice: wrapper("nice", {
    options: { short: { n: "text" }, long: { "--adjustment": ["text", "-n"] }, numeric: "-n" },
    transparent: true,
  }),
  ionice: wrapper("ionice", {
    options: {
      short: { c: "text", n: "text", t: "flag" },
      long: {
        "--class": ["text", "-c"],
        "--classdata": ["text", "-n"],
        "--ignore": ["flag", "-t"],
      },
    },
    transparent: true,
  }),
  timeout: wrapper("timeout", {
    options: {
      short: { s: "text", k: "text", v: "flag" },
      long: {
        "--signal": ["text", "-s"],
        "--kill-after": ["text", "-k"],
        "--preserve-status": "flag",
        "--foreground": "flag",
        "--verbose": ["flag", "-v"],
      },
    },
    leading: 1,
    transparent: true,
  }),
  stdbuf: wrapper("stdbuf", {
    options: {
      short: { i: "text", o: "text", e: "text" },
      long: { "--input": ["text", "-i"], "--output": ["text", "-o"], "--error": ["text", "-e"] },
    },
    transparent: true,
  }),
  time: wrapper("time", { options: { short: { p: "flag" } }, transparent: true }),
  coproc: runsCode("coproc"),
  eval: runsCode("eval"),
  trap: runsCode("trap"),
  alias: runsCode("alias"),
  unalias: runsCode("unalias"),
  shopt: runsCode("shopt"),
  enable: runsCode("enable"),
  hash: runsCode("hash"),
  bind: runsCode("bind"),
  complete: runsCode("complete"),
  fc: runsCode("fc"),
  watch: runsCode("watch"),
  sudo: runsCode("sudo"),
  doas: runsCode("doas"),
  su: runsCode("su"),
  runuser: runsCode("runuser"),
  pkexec: runsCode("pkexec"),
  chroot: runsCode("chroot"),
  unshare: runsCode("unshare"),
  nsenter: runsCode("nsenter"),
  flock: runsCode("flock"),
  taskset: runsCode("taskset"),
  chrt: runsCode("chrt"),
  numactl: runsCode("numactl"),
  prlimit: runsCode("prlimit"),
  strace: runsCode("strace"),
  ltrace: runsCode("ltrace"),
  valgrind: runsCode("valgrind"),
  gdb: runsCode("gdb"),
  script: runsCode("script"),
  parallel: runsCode("parallel"),
  busybox: runsCode("busybox"),
  ssh: runsCode("ssh"),
  npx: runsCode("npx"),
  pnpx: runsCode("pnpx"),
  bunx: runsCode("bunx"),
  uvx: runsCode("uvx"),
  "xdg-open": runsCode("xdg-open"),
  bash: shellSpec,
  sh: shellSpec,
  dash: shellSpec,
  ksh: shellSpec,
  rbash: shellSpec,
  zsh: runsCode("zsh"),
  fish: runsCode("fish"),
  csh: runsCode("csh"),
  tcsh: runsCode("tcsh"),
  mksh: runsCode("mksh"),
  ash: runsCode("ash"),
  source: (args) => ({
    reads: args.slice(0, 1).map((word) => ({ word, use: "entry" as const })),
    writes: [],
    modelled: false,
    notReadOnly: "source runs a script in this shell",
    chdir: "unknown",
  }),
  php: runsCode("php"),
  lua: runsCode("lua"),
  luajit: runsCode("luajit"),
  Rscript: runsCode("Rscript"),
  R: runsCode("R"),
  osascript: runsCode("osascript"),
  pwsh: runsCode("pwsh"),
  powershell: runsCode("powershell"),
  tclsh: runsCode("tclsh"),
  wish: runsCode("wish"),
  deno: runsCode("deno"),
  bun: runsCode("bun"),
  julia: runsCode("julia"),
  expect: runsCode("expect"),
};
const SOURCE = RUNNERS.source as ProgramSpec;

/** Shell builtins that only read or change the shell itself. */
const BUILTINS: Readonly<Record<string, ProgramSpec>> = {
  cd: cdSpec,
  pushd: pushdSpec,
  popd: popdSpec,
  ".": SOURCE,
  echo: textOnly,
  printf: printfSpec,
  true: textOnly,
  false: textOnly,
  ":": textOnly,
  pwd: textOnly,
  type: textOnly,
  set: setSpec,
  test: testSpec("test"),
  "[": testSpec("["),
  "[[": testSpec("[["),
  declare: variableBuiltin("declare"),
  typeset: variableBuiltin("typeset"),
  local: variableBuiltin("local"),
  export: variableBuiltin("export"),
  readonly: variableBuiltin("readonly"),
  unset: variableBuiltin("unset"),
  let: variableBuiltin("let"),
  read: variableBuiltin("read"),
  mapfile: runsCode("mapfile"),
  readarray: runsCode("readarray"),
  getopts: variableBuiltin("getopts"),
  wait: variableBuiltin("wait"),
};

/** Programs that change the files they are given. */
const WRITERS: Readonly<Record<string, ProgramSpec>> = {
  rm: rmSpec,
  rmdir: rmdirSpec,
  touch: touchSpec,
  mkdir: mkdirSpec,
  tee: teeSpec,
  truncate: truncateSpec,
  mv: mvSpec,
  cp: cpSpec,
  ln: lnSpec,
  install: installSpec,
  dd: ddSpec,
  chmod: chmodSpec,
  chown: chownSpec,
  chgrp: chgrpSpec,
  shred: shredSpec,
  unlink: unlinkSpec,
  mkfifo: mkfifoSpec,
};

/** Programs that only read (with the options that keep them so). */
const READERS: Readonly<Record<string, ProgramSpec>> = {
  cat: catSpec,
  head: headSpec,
  tail: tailSpec,
  wc: wcSpec,
  ls: lsSpec,
};

const TABLES = [
  RUNNERS,
  BUILTINS,
  WRITERS,
  READERS,
  TEXT_FILTERS,
  FILE_INFO,
  SEARCHERS,
  { git: gitSpec },
  SCRIPTED,
];

/** The spec keel has for a program name, if any (undefined: keel guesses). */
export function programSpec(name: string): ProgramSpec | undefined {
  for (const table of TABLES) if (Object.hasOwn(table, name)) return table[name];
  return interpreterFamily(name);
}
