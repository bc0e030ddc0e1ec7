import type { CaseClass, CaseTool, SecurityCase } from "../harness/case.js";

/** What the cases of one series share: the mode, rules, setup, notes. */
export type Shared = Omit<SecurityCase, "id" | "class" | "tool" | "input">;

/** A Bash command, a Bash command with its own settings, or a call of another tool. */
export type Item =
  | string
  | ({ command: string } & Partial<Shared>)
  | ({ tool: CaseTool; input: Record<string, unknown> } & Partial<Shared>);

/** Cases `<prefix>-1`, `<prefix>-2`, … of one class, each item's settings over the shared ones. */
export function series(
  prefix: string,
  cls: CaseClass,
  shared: Shared,
  items: readonly Item[],
): SecurityCase[] {
  return items.map((item, index) => {
    const id = `${prefix}-${index + 1}`;
    if (typeof item === "string") {
      return { ...shared, id, class: cls, tool: "Bash", input: { command: item } };
    }
    if ("command" in item) {
      const { command, ...own } = item;
      return { ...shared, ...own, id, class: cls, tool: "Bash", input: { command } };
    }
    const { tool, input, ...own } = item;
    return { ...shared, ...own, id, class: cls, tool, input };
  });
}

/** Read deny rules for the project's secrets (secrets/ and .env). */
export const SECRET_DENY = ["Read(./secrets/**)", "Read(./.env)"];

/** Writes the script `$S/evil` that leaves `$S/evil-ran` when run (a setup step). */
export const EVIL_SCRIPT =
  "printf '#!/bin/sh\\ntouch $S/evil-ran\\n' > $S/evil && chmod +x $S/evil";
