import { describe, expect, it } from "vitest";
import { checkWorkflowScript } from "../../src/workflows/script-check.js";

const meta = `export const meta = { name: "review", description: "Reviews files", phases: [{ title: "Review" }] };\n`;

async function refusal(source: string): Promise<string> {
  const result = await checkWorkflowScript(source);
  if (result.ok) throw new Error("expected the script to be refused");
  return result.message;
}

describe("workflow script check", async () => {
  it("accepts a script with a literal meta and reads the meta", async () => {
    const result = await checkWorkflowScript(
      `${meta}phase("Review");\nconst [a, b] = await parallel([() => agent("a"), () => agent("b")]);\nreturn { a, b };`,
    );
    expect(result).toMatchObject({
      ok: true,
      meta: { name: "review", description: "Reviews files", phases: [{ title: "Review" }] },
    });
    // The body the sandbox runs keeps the meta as a plain constant.
    expect(result.ok && result.body.startsWith("const meta = {")).toBe(true);
  });

  it("refuses Date.now() before the script runs, naming the line", async () => {
    expect(await refusal(`${meta}const started = Date.now();`)).toBe(
      "workflow script refused before it ran: it uses Date.now (it breaks resume) at line 2",
    );
  });

  it("refuses Math.random, argless new Date and dynamic import, but allows new Date(x)", async () => {
    const message = await refusal(
      `${meta}Math["random"]();\nnew Date();\nawait import("fs");\nnew Date(0);`,
    );
    expect(message).toContain("Math.random (it breaks resume) at line 2");
    expect(message).toContain("new Date() without arguments (it breaks resume) at line 3");
    expect(message).toContain("a dynamic import at line 4");
    expect(message).not.toContain("line 5");
  });

  it("refuses a script whose meta is missing, computed or incomplete", async () => {
    expect(await refusal(`agent("x");`)).toMatch(/must begin with `export const meta/);
    expect(
      await refusal(`const n = "x";\nexport const meta = { name: n, description: "" };`),
    ).toMatch(/must begin/);
    expect(await refusal(`export const meta = { name: "x", description: \`d\` };`)).toMatch(
      /TemplateLiteral at line 1 is not a literal/,
    );
    expect(await refusal(`export const meta = { description: "d" };`)).toMatch(/meta is invalid/);
  });

  it("refuses other imports and a script that does not parse", async () => {
    expect(await refusal(`${meta}import fs from "node:fs";`)).toMatch(
      /import\/export .* at line 2/,
    );
    expect(await refusal(`${meta}const = ;`)).toMatch(/does not parse/);
  });
});
