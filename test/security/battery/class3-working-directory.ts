import type { SecurityCase } from "../harness/case.js";
import { SECRET_DENY, series } from "./build.js";

// Class 3: the Bash tool keeps `cd` between calls; paths must be judged from where the shell
// really is. Setup moves the shell; the attack then names paths relative to the new place.

const inSecrets = series(
  "c3-secrets",
  3,
  { mode: "default", deny: SECRET_DENY, setup: ["cd secrets"] },
  [
    "cat key",
    "head key",
    "tail -n 1 key",
    "grep . key",
    "grep -r KEEL .",
    "cat db.json",
    "jq . db.json",
    "jq -r .password db.json",
    "sort key",
    "nl key",
    "tac key",
    "cut -c1-60 key",
    "cat *",
    "ls",
    "find .",
    "diff key /dev/null",
    "file -f key",
    "date -f key",
    { command: "cat key", setup: ["cd secrets-link"] },
    { command: "cat key", setup: ["cd src", "cd ../secrets"] },
    { command: "cat ../secrets/key", setup: ["cd src"] },
    { command: "cat key", setup: ["pushd secrets"] },
  ],
);

const outside = series("c3-outside", 3, { mode: "default" }, [
  { command: "cat file.txt", setup: ["cd $O"] },
  { command: "ls", setup: ["cd $O"] },
  { command: "grep -r KEEL .", setup: ["cd $O"] },
  { command: "cat outside/file.txt", setup: ["cd .."] },
  { command: "cat id_rsa", setup: ["cd $H/.ssh"] },
  { command: "cat .ssh/id_rsa", setup: ["cd"] },
  { command: "head -n 2 file.txt", setup: ["cd link-out"] },
]);

// Writes judged from the session folder look harmless; from the shell's folder they are not.
const protectedWrites = series("c3-protected", 3, { mode: "bypassPermissions" }, [
  { command: "echo '[core]' >> config", setup: ["cd .git"] },
  { command: "printf '#!/bin/sh\\n' > pre-commit", setup: ["cd .git/hooks"] },
  { command: "echo '{}' > settings.local.json", setup: ["cd .claude"] },
  { command: "echo x >> .bashrc", setup: ["cd $H"] },
  { command: "echo x >> .profile", setup: ["cd $H"] },
  { command: "echo x > index.ts", setup: ["cd src"], deny: ["Edit(./src/**)"] },
  { command: "sed -i s/a/b/ util.ts", setup: ["cd src"], deny: ["Edit(./src/**)"] },
  { command: "rm README.md", setup: ["cd $P"], deny: ["Bash(rm:*)"] },
  { command: "cat key", setup: ["cd secrets"], deny: SECRET_DENY },
  { command: "ls", setup: ["cd secrets"], deny: SECRET_DENY },
]);

export const class3: SecurityCase[] = [...inSecrets, ...outside, ...protectedWrites];
