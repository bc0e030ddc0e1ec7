import { join } from "node:path";
import {
  completionCandidates,
  MAX_SUGGESTIONS,
  matchFiles,
} from "../repl/completion/match-files.js";
import { listProjectFiles } from "../repl/completion/project-files.js";
import type { Answer, HostHandlers, HostTargets } from "./host-handler.js";

/** How many of the best matches are checked against the read rules to find the ones offered. */
const MATCHES_CHECKED = 200;

/**
 * file_suggestions: the paths the REPL's `@` completion offers for `query` (the working
 * folder's files as ripgrep lists them, and their folders), best fits first. A path Read may
 * not read (a deny rule, outside the working folders) is left out: listing names is a read.
 */
async function fileSuggestions(targets: HostTargets, query: unknown): Promise<Answer> {
  if (typeof query !== "string") return { error: "file_suggestions: query must be a string" };
  const { files } = targets.session;
  const cwd = files.resolve(".");
  const listed = await listProjectFiles({
    cwd,
    env: process.env,
    signal: AbortSignal.timeout(10_000),
  });
  const suggestions: string[] = [];
  for (const path of matchFiles(completionCandidates(listed), query, MATCHES_CHECKED)) {
    const verdict = await files.decideRead(join(cwd, path));
    if (verdict.behavior === "allow") suggestions.push(path);
    if (suggestions.length === MAX_SUGGESTIONS) break;
  }
  return { ok: { suggestions } };
}

/** Requests about what a host shows around the session (keel has no screen of its own there). */
export const HOST_UI_HANDLERS: HostHandlers = {
  file_suggestions: (targets, request) => fileSuggestions(targets, request.query),
  // keel holds no stream lines for watchers (no CLAUDE_CODE_STREAM_EVENT_HOLD_MS): nothing to
  // change, which the SDK's type answers with an empty success.
  set_has_subscribers: () => ({ ok: {} }),
  set_color: (_targets, request) => ({
    error: `set_color: keel has no session accent colour to set ("${String(request.color)}")`,
    code: "unsupported_request",
  }),
};
