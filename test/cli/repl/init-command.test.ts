import { describe, expect, it } from "vitest";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { controllerFor, texts, until } from "./repl-harness.js";

describe("/init in the REPL", () => {
  it("shows the command and sends keel's init prompt, with what was typed after it, as a turn", async () => {
    const { engine, provider } = scriptedEngine({ turns: [{ content: "Wrote CLAUDE.md." }] });
    const controller = controllerFor({ engine, dispose: async () => {} }, "/project");
    controller.submit("/init mention the release script");
    const state = await until(
      controller,
      (s) => texts(s, "assistant").includes("Wrote CLAUDE.md."),
      "the answer",
    );
    expect(texts(state, "user")).toEqual(["/init mention the release script"]);
    const sent = JSON.stringify(provider.requests[0]?.body);
    expect(sent).toContain("write a CLAUDE.md file for it");
    expect(sent).toContain("The user also asks: mention the release script");
    expect(sent).not.toContain("/init");
  });
});
