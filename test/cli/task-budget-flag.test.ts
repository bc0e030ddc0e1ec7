import { describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

interface Body {
  output_config?: Record<string, unknown>;
}

describe("--task-budget", () => {
  it("sends the budget beside the effort on every request of the turn, with the beta header", async () => {
    const server = await scriptedServer({
      turns: [
        { content: [{ type: "tool_use", name: "Bash", input: { command: "true" } }] },
        { content: "Done." },
      ],
    });
    const run = await runKeel(
      ["-p", "go", "--task-budget", "64000", "--effort", "high", "--allowedTools", "Bash"],
      { env: anthropicEnv(server) },
    );
    expect(run.code).toBe(0);
    const turns = server.requests.filter((r) => r.answer === "turn");
    expect(turns).toHaveLength(2);
    for (const request of turns) {
      expect((request.body as Body).output_config).toEqual({
        effort: "high",
        task_budget: { type: "tokens", total: 64000 },
      });
      expect(request.headers["anthropic-beta"]).toBe("task-budgets-2026-03-13");
    }
    expect(server.violations).toEqual([]);
  });

  it("refuses a budget that is not a positive whole number of tokens, before any request", async () => {
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const run = await runKeel(["-p", "hi", "--task-budget", "lots"], {
      env: anthropicEnv(server),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("--task-budget");
    expect(run.stderr).toContain("expected a positive integer");
    expect(server.requests).toHaveLength(0);
  });
});
