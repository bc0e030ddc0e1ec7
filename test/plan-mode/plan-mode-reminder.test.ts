import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  FULL_REMINDER_EVERY,
  PLAN_MODE_REMINDER_EVERY,
  planModeSource,
} from "../../src/session/attachments/plan-mode.js";
import { makeToolUseContext } from "../helpers/tool-context.js";

async function texts(source: ReturnType<typeof planModeSource>, rounds: number) {
  const out: string[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const got = await source({
      context: makeToolUseContext({ mode: "plan" }),
      messages: [],
      signal: new AbortController().signal,
    });
    for (const a of got) if (a.type === "system_reminder") out.push(a.content);
  }
  return out;
}

describe("plan mode reminders", () => {
  it("are full at first (naming the plan file), short afterwards, full again every few", async () => {
    const dir = await mkdtemp(join(tmpdir(), "keel-plan-reminder-"));
    try {
      const plan = join(dir, "plan.md");
      const source = planModeSource(plan);
      const first = await texts(source, 1);
      expect(first[0]).toContain(`Write your plan to ${plan}`);
      expect(first[0]).toContain("ExitPlanMode");
      await writeFile(plan, "1. x");
      const later = await texts(source, PLAN_MODE_REMINDER_EVERY * FULL_REMINDER_EVERY);
      expect(later).toHaveLength(FULL_REMINDER_EVERY);
      const kinds = later.map((t) => (t.includes("still planning") ? "short" : "full"));
      expect(kinds).toEqual([...Array(FULL_REMINDER_EVERY - 1).fill("short"), "full"]);
      expect(later.at(-1)).toContain(`A plan file exists at ${plan}`);
      expect(later[0]).toContain(plan);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
