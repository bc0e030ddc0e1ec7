import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globToRegExp } from "../../../src/tools/builtin/glob/glob-matcher.js";
import { planGlob } from "../../../src/tools/builtin/glob/glob-plan.js";
import { ripgrepPath } from "../../../src/tools/builtin/ripgrep.js";
import { TempFolders } from "../read/helpers.js";
import { writeFiles } from "./helpers.js";

const temps = new TempFolders();
let dir = "";
let rg = "";

const PATHS = [
  "a.ts",
  "b.js",
  "readme.md",
  "src/index.ts",
  "src/app.tsx",
  "src/util/x.ts",
  "src/util/deep/y.ts",
  "src/util/deep/z.test.ts",
  "lib/src/w.ts",
  "docs/guide.md",
  "docs/a[1].md",
  "weird{name}.txt",
  "test/q.test.ts",
  "abc.ts",
  "a/b/c/d.ts",
];

const PATTERNS = [
  "*.ts",
  "**/*.ts",
  "src/*.ts",
  "src/**/*.ts",
  "src/**",
  "**/util/**/*.ts",
  "*.{ts,tsx}",
  "src/**/*.{ts,tsx}",
  "**/*.test.ts",
  "?.ts",
  "a?c.ts",
  "[ab].*",
  "[!a]*.ts",
  "docs/a\\[1\\].md",
  "**/deep/*",
  "a/**/d.ts",
  "**/src/*.ts",
  "{src,lib}/**/*.ts",
  "x**.ts",
  "weird\\{name\\}.txt",
];

beforeAll(async () => {
  dir = await temps.make();
  await writeFiles(dir, Object.fromEntries(PATHS.map((p) => [p, ""])));
  rg = await ripgrepPath();
});
afterAll(() => temps.cleanup());

/** What ripgrep's own --glob matches in the tree (no ignore files there, so it is comparable). */
function ripgrepMatches(pattern: string): string[] {
  const out = execFileSync(rg, ["--no-config", "--files", "--glob", pattern], {
    cwd: dir,
    encoding: "utf8",
  });
  return out
    .split("\n")
    .filter((l) => l !== "")
    .sort();
}

describe("Glob's matcher agrees with ripgrep's --glob", () => {
  it.each(PATTERNS)("matches the same files as ripgrep for %s", (pattern) => {
    const plan = planGlob(pattern, dir);
    const regex = globToRegExp(plan.glob);
    const prefix = plan.dir === dir ? "" : `${plan.dir.slice(dir.length + 1)}/`;
    const ours = PATHS.filter(
      (p) => p.startsWith(prefix) && regex.test(p.slice(prefix.length)),
    ).sort();
    expect(ours).toEqual(ripgrepMatches(pattern));
  });

  it("anchors a pattern with a slash and floats one without", () => {
    expect(globToRegExp("*.ts").test("a/b/c.ts")).toBe(true);
    expect(globToRegExp("/*.ts").test("a/b/c.ts")).toBe(false);
    expect(globToRegExp("b/*.ts").test("a/b/c.ts")).toBe(false);
    expect(join("x", "y")).toBe("x/y");
  });
});
