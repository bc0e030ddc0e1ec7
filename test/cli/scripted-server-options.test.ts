import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { scriptedServerCommand } from "../../src/cli/scripted-server-options.js";

function io() {
  let out = "";
  let err = "";
  const stdout = new PassThrough().on("data", (chunk) => (out += chunk));
  const stderr = new PassThrough().on("data", (chunk) => (err += chunk));
  const signal = new AbortController().signal;
  return {
    io: { stdin: new PassThrough(), stdout, stderr, env: {}, cwd: "/", signal },
    out: () => out,
    err: () => err,
  };
}

describe("keel scripted-server's arguments", () => {
  it("prints its help and exits 0 on --help", async () => {
    const run = io();
    expect(await scriptedServerCommand(["--help"], run.io)).toBe(0);
    expect(run.out()).toContain("Usage: keel scripted-server");
  });

  it("exits 1 with the problem on a bad port", async () => {
    const run = io();
    expect(await scriptedServerCommand(["--port", "x", "s.json"], run.io)).toBe(1);
    expect(run.err()).toContain("a port is an integer from 0 to 65535");
  });
});
