import { describe, expect, it } from "vitest";
import { UnknownTaskError } from "../../../src/tools/background/index.js";
import {
  type BackgroundSession,
  callTool,
  startInBackground,
  useBackgroundSession,
} from "./helpers.js";

describe("an id that names no task", () => {
  let s: BackgroundSession;
  useBackgroundSession((session) => {
    s = session;
  });

  it("is refused by TaskOutput and TaskStop, saying the session has no tasks", async () => {
    const expected =
      'No background task with id "b00000000". This session has no background tasks.';
    await expect(callTool(s.taskOutput, { task_id: "b00000000" }, s.context())).rejects.toThrow(
      expected,
    );
    await expect(callTool(s.taskStop, { task_id: "b00000000" }, s.context())).rejects.toThrow(
      expected,
    );
  });

  it("is refused with the list of the session's task ids", async () => {
    const one = await startInBackground(s, "true");
    const two = await startInBackground(s, "true");
    const verdict = await s.taskOutput.validateInput?.({ task_id: "nope" }, s.context());
    expect(verdict).toEqual({
      ok: false,
      message: `No background task with id "nope". The background tasks of this session are: ${one}, ${two}.`,
    });
  });

  it("throws UnknownTaskError when a tool is called without validation", async () => {
    const call = s.taskOutput.call({ task_id: "nope", block: false }, s.context(), () => {});
    await expect(call).rejects.toBeInstanceOf(UnknownTaskError);
    await expect(s.taskStop.call({ task_id: "nope" }, s.context(), () => {})).rejects.toThrow(
      /No background task with id "nope"/,
    );
  });
});
