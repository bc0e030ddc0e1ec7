/**
 * What `/init` asks of the model (keel's own words, in the spirit of Claude Code's): read the
 * repository and write, or improve, its CLAUDE.md through the ordinary tools.
 */
const INIT_PROMPT = `Please look through this repository and write a CLAUDE.md file for it: the file coding agents (keel, Claude Code) read at the start of every session they work here.

What it should hold:
1. The commands people use: how to build, lint and test, and how to run a single test.
2. The architecture in broad strokes: what takes reading several files to understand, such as the main parts, how they fit together and where things live.

How to write it:
- If a CLAUDE.md already exists, improve it rather than start over, and keep what is still true.
- Read the README and any rules written for other agents or editors (AGENTS.md, .cursor/rules/, .cursorrules, .github/copilot-instructions.md) and bring in what matters.
- Keep to what is particular to this repository. Leave out general advice (write tests, handle errors) and what a listing of the files shows at a glance. Do not invent sections or facts you did not find.
- Begin the file with:

\`\`\`
# CLAUDE.md

This file guides coding agents (keel, Claude Code) working in this repository.
\`\`\`

Write the file with the Write tool, or change the existing one with Edit.`;

/** The `/init` prompt; words typed after `/init` are passed on as what the person also wants. */
export function initPrompt(args: string): string {
  const extra = args.trim();
  return extra === "" ? INIT_PROMPT : `${INIT_PROMPT}\n\nThe user also asks: ${extra}`;
}
