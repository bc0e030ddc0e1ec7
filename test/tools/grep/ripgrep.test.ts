import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { locateRipgrep, ripgrepPath, runRipgrep } from "../../../src/tools/builtin/ripgrep.js";
import { TempFolders } from "../read/helpers.js";

const temps = new TempFolders();
afterEach(() => temps.cleanup());

describe("finding and running ripgrep", () => {
  it("uses the binary @vscode/ripgrep ships", async () => {
    const path = await ripgrepPath();
    expect(path).toMatch(/@vscode\/ripgrep-[^/]+\/bin\/rg$/);
  });

  it("falls back to rg on PATH when the package cannot give a binary", async () => {
    expect(await locateRipgrep(async () => Promise.reject(new Error("no platform package")))).toBe(
      "rg",
    );
    expect(await locateRipgrep(async () => ({ rgPath: "/nonexistent/rg" }))).toBe("rg");
  });

  it("uses rg from PATH when USE_BUILTIN_RIPGREP=0, as Claude Code does", async () => {
    const builtin = await locateRipgrep(undefined, {});
    expect(builtin).toMatch(/@vscode\/ripgrep-[^/]+\/bin\/rg$/);
    expect(await locateRipgrep(undefined, { USE_BUILTIN_RIPGREP: "0" })).toBe("rg");
  });

  it("stops ripgrep once enough lines are collected and says there were more", async () => {
    const dir = await temps.make();
    await writeFile(join(dir, "many.txt"), "hit\n".repeat(5000));
    const result = await runRipgrep({
      rgPath: await ripgrepPath(),
      args: ["--no-config", "-n", "hit", join(dir, "many.txt")],
      cwd: dir,
      env: { PATH: process.env.PATH },
      signal: new AbortController().signal,
      maxLines: 3,
    });
    expect(result.lines).toEqual(["1:hit", "2:hit", "3:hit"]);
    expect(result.stoppedEarly).toBe(true);
  });

  it("reports a missing binary clearly", async () => {
    const dir = await temps.make();
    const run = runRipgrep({
      rgPath: join(dir, "no-such-rg"),
      args: ["x"],
      cwd: dir,
      env: {},
      signal: new AbortController().signal,
    });
    await expect(run).rejects.toThrow(/Could not run ripgrep/);
  });
});
