import { describe, expect, it } from "vitest";
import { suggestAllowRules } from "../../src/policy/suggest.js";

describe("suggestAllowRules", () => {
  it.each([
    ["npm run test", ["Bash(npm run test:*)"]],
    ["npm run test -- --watch", ["Bash(npm run test:*)"]],
    ["git commit -m 'fix it'", ["Bash(git commit:*)"]],
    ["npm test && git diff HEAD", ["Bash(npm test:*)", "Bash(git diff:*)"]],
    ["timeout 30 cargo build --release", ["Bash(cargo build:*)"]],
    ["cat README.md", ["Bash(cat:*)"]],
    ["rm -rf build", ["Bash(rm -rf build)"]],
    ["python3 -c 'print(1)'", ["Bash(python3 -c print\\(1\\))"]],
    ["echo $(date)", ["Bash(echo:*)", "Bash(date:*)"]],
    ["$CMD x", []],
    ["npm test (", []],
  ])("%s → %j", async (command, rules) => {
    expect(await suggestAllowRules(command)).toEqual(rules);
  });

  it("never suggests a bare wildcard", async () => {
    for (const command of ["*", "x *", "ls *.txt", "a | b", "f() { x; }; f"]) {
      const rules = await suggestAllowRules(command);
      for (const rule of rules) expect(rule).not.toMatch(/^Bash\(\*?\)$|^Bash$|^Bash\(\*:\*\)$/);
    }
  });
});
