import { describe, expect, it } from "vitest";
import {
  backgroundChildArgs,
  choosesSession,
  isBackgroundRequest,
  userArgs,
} from "../../src/cli/tasks/bg-args.js";
import { taskCommandName } from "../../src/cli/tasks/task-commands.js";
import { formatAge, taskTable } from "../../src/cli/tasks/task-table.js";
import { meta } from "./helpers.js";

describe("keel --bg's arguments", () => {
  it("drops --bg and the output flags, and runs the child as stream-json print mode", () => {
    const argv = ["--bg", "fix it", "--model", "x", "--output-format=json", "-p", "--verbose"];
    const args = userArgs(argv);
    expect(args).toEqual(["fix it", "--model", "x"]);
    expect(backgroundChildArgs(args, "sid")).toEqual([
      "-p",
      "fix it",
      "--model",
      "x",
      "--output-format",
      "stream-json",
      "--verbose",
      "--session-id",
      "sid",
    ]);
    expect(userArgs(["--output-format", "text", "go"])).toEqual(["go"]);
  });

  it("leaves what follows -- alone", () => {
    expect(userArgs(["--bg", "--", "--verbose"])).toEqual(["--", "--verbose"]);
    expect(isBackgroundRequest(["-p", "--", "--bg"])).toBe(false);
  });

  it("knows when the user chose the session", () => {
    expect(choosesSession(["-r", "id"])).toBe(true);
    expect(choosesSession(["--session-id=abc"])).toBe(true);
    expect(choosesSession(["prompt"])).toBe(false);
  });
});

describe("which task command a command line runs", () => {
  it("is the subcommand named first, or bg for --bg anywhere before --", () => {
    expect(taskCommandName(["ps"])).toBe("ps");
    expect(taskCommandName(["logs", "b1", "-f"])).toBe("logs");
    expect(taskCommandName(["kill", "b1"])).toBe("kill");
    expect(taskCommandName(["attach", "a1"])).toBe("attach");
    expect(taskCommandName(["do it", "--bg"])).toBe("bg");
    expect(taskCommandName(["-p", "ps"])).toBeUndefined();
  });
});

describe("keel ps's table", () => {
  it("lists id, kind, status, age and description in aligned columns", () => {
    const tasks = [
      meta({
        id: "a12345678",
        kind: "local_agent",
        prompt: "p",
        description: "fix\nthe bug",
        startedAt: 0,
      }),
      meta({ id: "b1", status: "completed", endedAt: 1, exitCode: 0, startedAt: 58_000 }),
    ];
    expect(taskTable(tasks, 3_600_000).split("\n")).toEqual([
      "ID         KIND         STATUS     AGE  DESCRIPTION",
      "a12345678  local_agent  running    1h   fix the bug",
      "b1         local_bash   completed  59m  sleep",
      "",
    ]);
  });

  it("gives ages in the largest unit that fits", () => {
    expect([0, 59_999, 60_000, 7_200_000, 90_000_000].map(formatAge)).toEqual([
      "0s",
      "59s",
      "1m",
      "2h",
      "1d",
    ]);
  });
});
