import type { ExpansionDecider } from "./expansion-permissions.js";
import { type ReferenceRoots, readReferences, referenceText } from "./file-references.js";

/** A typed prompt with the files its `@path`s name added, and notices for the files kept out. */
export interface MentionedPrompt {
  text: string;
  notices: string[];
}

/**
 * The files a prompt the person typed names with `@path`, added after it as a Read of each
 * would show them (as Claude Code attaches them). The person named them, so a Read that would
 * ask is read; a deny rule still keeps one out (the `@path` stays as typed, with a notice).
 */
export async function withMentionedFiles(
  text: string,
  roots: ReferenceRoots,
  decide: ExpansionDecider,
): Promise<MentionedPrompt> {
  if (!text.includes("@")) return { text, notices: [] };
  const references = await readReferences(text, roots, async (written, path) => {
    const verdict = await decide({ tool: "Read", path }, { rules: [], origin: "" });
    if (verdict.behavior !== "deny") return undefined;
    const rule =
      verdict.rule === undefined ? verdict.message : `the deny rule ${verdict.rule} covers it`;
    return `@${written} was left as typed, not read: ${rule}.`;
  });
  const prompt = [text, ...references.files.map(referenceText)].join("\n\n");
  return { text: prompt, notices: references.refused };
}
