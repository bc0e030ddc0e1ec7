import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type BackgroundSession,
  callTool,
  eventually,
  startInBackground,
  useBackgroundSession,
  waitForFile,
} from "./helpers.js";

describe("TaskOutput reads only what is new", () => {
  let s: BackgroundSession;
  useBackgroundSession((session) => {
    s = session;
  });

  const logHas = (id: string, text: string) => () =>
    readFileSync(s.shells.get(id)?.outputFile ?? "", "utf8").includes(text);

  it("returns each part of the output once, in order, across reads", async () => {
    const id = await startInBackground(
      s,
      `echo one; ${waitForFile("step")}; echo two; ${waitForFile("end")}; echo three`,
    );
    expect(await eventually(logHas(id, "one"))).toBe(true);
    const first = await callTool(s.taskOutput, { task_id: id, block: false }, s.context());
    expect(first.data.output.text).toBe("one\n");

    await writeFile(join(s.work, "step"), "");
    expect(await eventually(logHas(id, "two"))).toBe(true);
    const second = await callTool(s.taskOutput, { task_id: id, block: false }, s.context());
    expect(second.data.output.text).toBe("two\n");

    await writeFile(join(s.work, "end"), "");
    const last = await callTool(s.taskOutput, { task_id: id }, s.context());
    expect(last.data.output.text).toBe("three\n");
    expect(last.data.task.status).toBe("completed");
  });

  it("says there is nothing new when nothing was written since the previous read", async () => {
    const id = await startInBackground(s, "echo only");
    await callTool(s.taskOutput, { task_id: id }, s.context());
    const again = await callTool(s.taskOutput, { task_id: id }, s.context());
    expect(again.data.output).toEqual({ text: "", bytes: 0, omittedBytes: 0 });
    expect(again.text).toContain("(No new output since the previous read.)");
    expect(again.text).not.toContain("<output>");
  });

  it("gives two reads made together different parts, never the same output twice", async () => {
    const id = await startInBackground(s, "seq 1 2000");
    await s.shells.waitForEnd(id, 10_000);
    const [a, b] = await Promise.all([
      callTool(s.taskOutput, { task_id: id }, s.context()),
      callTool(s.taskOutput, { task_id: id }, s.context()),
    ]);
    const texts = [a.data.output.text, b.data.output.text].sort((x, y) => y.length - x.length);
    expect(texts[0]?.split("\n").length).toBe(2001);
    expect(texts[1]).toBe("");
  });
});
