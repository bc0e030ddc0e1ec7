/** The settings that shape the system prompt's commit and pull request instructions. */
export interface CommitSettings {
  /** Claude Code's `attribution`: false hides it all; strings replace the default text. */
  attribution?: boolean | { commit?: string; pr?: string };
  /** The older switch (`attribution` wins when both are set): false hides the attribution. */
  includeCoAuthoredBy?: boolean;
  /** False leaves the instructions out of the system prompt altogether. */
  includeGitInstructions?: boolean;
}

/** keel's own attribution, where Claude Code puts its "Generated with Claude Code" lines. */
export const DEFAULT_ATTRIBUTION = "Generated with keel";

/** The text that ends commit messages and pull request descriptions ("" for none). */
export function attributionText(settings: CommitSettings): { commit: string; pr: string } {
  const { attribution, includeCoAuthoredBy } = settings;
  if (attribution === false) return { commit: "", pr: "" };
  if (typeof attribution === "object") {
    return {
      commit: attribution.commit ?? DEFAULT_ATTRIBUTION,
      pr: attribution.pr ?? DEFAULT_ATTRIBUTION,
    };
  }
  if (attribution === undefined && includeCoAuthoredBy === false) return { commit: "", pr: "" };
  return { commit: DEFAULT_ATTRIBUTION, pr: DEFAULT_ATTRIBUTION };
}

function ending(what: string, text: string): string {
  return text === ""
    ? `Add no attribution to ${what} (no "Generated with" or Co-Authored-By lines).`
    : `End ${what} with, after a blank line:\n${text}`;
}

/**
 * The system prompt's section on commits and pull requests (Claude Code's git instructions,
 * with its `attribution` settings); "" when `includeGitInstructions` is false.
 */
export function commitInstructions(settings: CommitSettings): string {
  if (settings.includeGitInstructions === false) return "";
  const { commit, pr } = attributionText(settings);
  return [
    "# Commits and pull requests",
    "Commit, push or open a pull request only when the user asks. Before committing, look at `git status` and `git diff`, and write a short message that says why, in the style of the repository's `git log`.",
    ending("commit messages", commit),
    ending("pull request descriptions", pr),
  ].join("\n");
}
