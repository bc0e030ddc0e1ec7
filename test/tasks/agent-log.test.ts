import { describe, expect, it } from "vitest";
import { agentLogLines, toolCallLine } from "../../src/tasks/agent-log.js";
import { logRenderer } from "../../src/tasks/log-renderer.js";

const assistant = (content: unknown[]) =>
  JSON.stringify({ type: "assistant", message: { content }, session_id: "s" });

describe("an agent's log as a person reads it", () => {
  it("shows assistant text and one line per tool call, in order", () => {
    const line = assistant([
      { type: "text", text: "Let me look." },
      { type: "tool_use", id: "t1", name: "Bash", input: { command: "ls -la" } },
      { type: "tool_use", id: "t2", name: "Read", input: { file_path: "/a/b.ts", limit: 3 } },
    ]);
    expect(agentLogLines(line)).toEqual(["Let me look.", "● Bash(ls -la)", "● Read(/a/b.ts)"]);
  });

  it("shows how the run ended and hides the other messages", () => {
    const result = { type: "result", subtype: "success", is_error: false, num_turns: 2 };
    expect(agentLogLines(JSON.stringify(result))).toEqual(["[done: success after 2 turn(s)]"]);
    expect(agentLogLines(JSON.stringify({ type: "system", subtype: "init" }))).toEqual([]);
    expect(agentLogLines(JSON.stringify({ type: "user", message: {} }))).toEqual([]);
  });

  it("keeps stderr lines but not the loop's --verbose transitions", () => {
    expect(agentLogLines("keel: cannot write the transcript")).toEqual([
      "keel: cannot write the transcript",
    ]);
    expect(agentLogLines("keel: [turn 1] continue next_turn")).toEqual([]);
  });

  it("cuts a long tool input to one short line", () => {
    const line = toolCallLine("Bash", { command: `echo ${"x".repeat(200)}\nsecond line` });
    expect(line.length).toBeLessThan(100);
    expect(line).toMatch(/^● Bash\(echo x+…\)$/);
    expect(toolCallLine("Glob", { limit: 3 })).toBe('● Glob({"limit":3})');
  });

  it("renders a line split across reads only once it is whole", () => {
    const renderer = logRenderer("local_agent");
    const text = `${assistant([{ type: "text", text: "héllo" }])}\n`;
    const bytes = Buffer.from(text);
    const cut = bytes.indexOf(Buffer.from("é")) + 1; // inside the two-byte character
    expect(renderer.push(bytes.subarray(0, cut))).toBe("");
    expect(renderer.push(bytes.subarray(cut))).toBe("héllo\n");
    expect(renderer.end()).toBe("");
  });

  it("prints a shell's output as it is, holding back only a cut character", () => {
    const renderer = logRenderer("local_bash");
    const bytes = Buffer.from("a é");
    expect(renderer.push(bytes.subarray(0, 3))).toBe("a ");
    expect(renderer.push(bytes.subarray(3))).toBe("é");
  });
});
