import { stat } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import {
  type BackgroundSession,
  callTool,
  startInBackground,
  useBackgroundSession,
} from "./helpers.js";

const TEN_MB = 10_000_000;

describe("TaskOutput caps what it returns; the log keeps everything", () => {
  let s: BackgroundSession;
  useBackgroundSession((session) => {
    s = session;
  });

  it("returns the beginning and end of 10 MB of output and points to the full log", async () => {
    const id = await startInBackground(
      s,
      `echo BEGIN; head -c ${TEN_MB} /dev/zero | tr '\\0' x; echo; echo END`,
    );
    const { data, text } = await callTool(s.taskOutput, { task_id: id }, s.context());
    const logSize = (await stat(data.task.outputFile)).size;
    expect(logSize).toBe(TEN_MB + "BEGIN\n".length + "\nEND\n".length);
    expect(data.output.bytes).toBe(logSize);
    expect(data.output.text.length).toBeLessThan(30_000 + 100);
    expect(data.output.text.startsWith("BEGIN\nxxx")).toBe(true);
    expect(data.output.text.endsWith("xxx\nEND\n")).toBe(true);
    expect(data.output.omittedBytes).toBe(logSize - 30_000);
    expect(text.length).toBeLessThanOrEqual(s.taskOutput.maxResultSizeChars);
    expect(text).toContain(`[${logSize - 30_000} bytes truncated]`);
    expect(text).toContain(`The full output is in ${data.task.outputFile}`);
  });

  it("takes its cap from BASH_MAX_OUTPUT_LENGTH, like Bash", async () => {
    const { backgroundSession } = await import("./helpers.js");
    const small = backgroundSession(s.root, s.work, { BASH_MAX_OUTPUT_LENGTH: "1000" });
    const id = await startInBackground(small, "seq 1 100000");
    const { data } = await callTool(small.taskOutput, { task_id: id }, small.context());
    await small.shells.dispose();
    const kept = data.output.text.split("\n\n... [")[0] ?? "";
    expect(kept.length).toBe(500);
    expect(data.output.text.endsWith("99999\n100000\n")).toBe(true);
    expect(data.output.omittedBytes).toBeGreaterThan(0);
  });
});
