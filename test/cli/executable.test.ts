import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { KEEL_BIN } from "../helpers/run-keel.js";

const run = promisify(execFile);

describe("the built executable", () => {
  it("runs by itself: its shebang line starts node with keel's flags", async () => {
    const { stdout } = await run(KEEL_BIN, ["--version"], {
      env: { PATH: process.env.PATH ?? "" },
    });
    expect(stdout).toMatch(/^\d+\.\d+\.\d+ \(keel\)\n$/);
  });
});
