import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type BackgroundSession,
  callTool,
  startInBackground,
  useBackgroundSession,
  waitForFile,
} from "./helpers.js";

describe("Bash run_in_background and TaskOutput", () => {
  let s: BackgroundSession;
  useBackgroundSession((session) => {
    s = session;
  });

  it("returns at once with the task id, the output file and how to read and stop it", async () => {
    const { data, text, isError } = await callTool(
      s.bash,
      { command: `${waitForFile("go")}; echo done`, run_in_background: true },
      s.context(),
    );
    const id = data.background?.taskId ?? "";
    expect(id).toMatch(/^b[0-9a-z]{8}$/);
    expect(data.background?.outputFile).toBe(join(s.root, "session", "tasks", `${id}.log`));
    expect(isError).toBe(false);
    expect(text).toContain(`Command running in background with ID: ${id}.`);
    expect(text).toContain("TaskOutput");
    expect(text).toContain("TaskStop");
    expect(s.shells.get(id)).toMatchObject({ status: "running", type: "local_bash" });
  });

  it("is running right after the call and completed later, its output read with TaskOutput", async () => {
    const id = await startInBackground(s, `${waitForFile("go")}; echo done`);
    expect(s.shells.get(id)?.status).toBe("running");
    const early = await callTool(s.taskOutput, { task_id: id, block: false }, s.context());
    expect(early.data.retrievalStatus).toBe("not_ready");
    expect(early.data.task.status).toBe("running");
    expect(early.text).toContain("<status>running</status>");

    await writeFile(join(s.work, "go"), "");
    const done = await callTool(s.taskOutput, { task_id: id }, s.context()); // block defaults to true
    expect(done.data.retrievalStatus).toBe("success");
    expect(done.data.task).toMatchObject({ status: "completed", exitCode: 0 });
    expect(done.text).toBe(
      [
        "<retrieval_status>success</retrieval_status>",
        `<task_id>${id}</task_id>`,
        "<task_type>local_bash</task_type>",
        "<status>completed</status>",
        "<exit_code>0</exit_code>",
        "<output>\ndone\n</output>",
      ].join("\n"),
    );
  });

  it("with block=true and a short timeout, returns the task still running", async () => {
    const id = await startInBackground(s, waitForFile("go"));
    const { data, text } = await callTool(
      s.taskOutput,
      { task_id: id, block: true, timeout: 50 },
      s.context(),
    );
    expect(data.retrievalStatus).toBe("timeout");
    expect(data.task.status).toBe("running");
    expect(text).toContain("Still running");
  });

  it("stops waiting when the TaskOutput call is aborted, leaving the task running", async () => {
    const id = await startInBackground(s, waitForFile("go"));
    const controller = new AbortController();
    const reading = callTool(
      s.taskOutput,
      { task_id: id },
      s.context({ signal: controller.signal }),
    );
    controller.abort();
    expect((await reading).data.task.status).toBe("running");
    expect(s.shells.get(id)?.status).toBe("running");
  });

  it("marks a command that exits non-zero as failed, with its exit code and stderr", async () => {
    const id = await startInBackground(s, "echo partial; echo broken >&2; exit 3");
    const { data, text, isError } = await callTool(s.taskOutput, { task_id: id }, s.context());
    expect(data.task).toMatchObject({ status: "failed", exitCode: 3 });
    expect(text).toContain("<exit_code>3</exit_code>");
    expect(text).toContain("<output>\npartial\nbroken\n</output>");
    expect(isError).toBe(false); // reading the output worked; the status tells how it ended
  });

  it("writes stdout and stderr to the task's log file as they come", async () => {
    const id = await startInBackground(s, "echo out; echo err >&2; echo out2");
    const { data } = await callTool(s.taskOutput, { task_id: id }, s.context());
    expect(await readFile(data.task.outputFile, "utf8")).toBe("out\nerr\nout2\n");
  });

  it("starts in the shell's current working directory and leaves it unchanged", async () => {
    await mkdir(join(s.work, "sub"));
    await callTool(s.bash, { command: "cd sub" }, s.context());
    const id = await startInBackground(s, "pwd; cd /");
    const { text } = await callTool(s.taskOutput, { task_id: id }, s.context());
    expect(text).toContain(`<output>\n${join(s.work, "sub")}\n</output>`);
    const after = await callTool(s.bash, { command: "pwd" }, s.context());
    expect(after.text).toBe(join(s.work, "sub"));
  });

  it("applies no timeout to a background shell", async () => {
    const id = await startInBackground(s, `${waitForFile("go")}; echo late`);
    const bashTimeout = await callTool(s.bash, { command: "sleep 0.3", timeout: 100 }, s.context());
    expect(bashTimeout.data.timedOutAfterMs).toBe(100); // the foreground limit is this short…
    await callTool(s.bash, { command: "sleep 0.3" }, s.context());
    expect(s.shells.get(id)?.status).toBe("running"); // …and the background shell runs on
    await writeFile(join(s.work, "go"), "");
    const { text } = await callTool(s.taskOutput, { task_id: id }, s.context());
    expect(text).toContain("<output>\nlate\n</output>");
  });

  it("fails the Bash call when the shell cannot be started, recording the task as failed", async () => {
    const tool = (await import("../bash/helpers.js")).createBashTool(s.config, {
      shell: "keel-missing-shell-xyz",
      backgroundShells: s.shells,
    });
    await expect(
      callTool(tool, { command: "true", run_in_background: true }, s.context()),
    ).rejects.toThrow(/Could not start keel-missing-shell-xyz/);
    expect(s.shells.list()).toEqual([
      expect.objectContaining({ status: "failed", exitCode: null }),
    ]);
  });
});
