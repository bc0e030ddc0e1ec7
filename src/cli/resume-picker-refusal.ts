import { ageText } from "./age.js";
import { oneLine } from "./prompt-text.js";
import { listProjectSessions, matchesSearch } from "./session-list.js";
import { UsageError } from "./usage-error.js";

/** How many sessions the refusal lists, newest first. */
const LISTED = 10;

/**
 * The error `keel -p --resume` without a session id stops with (print mode has no picker):
 * the folder's recent sessions — id, age, name, first prompt — so the next command can name one.
 */
export async function pickerRefusal(
  stateDir: string,
  cwd: string,
  search: string,
  now: () => number,
): Promise<UsageError> {
  const found = (await listProjectSessions(stateDir, cwd, "")).filter((s) =>
    matchesSearch(s, search),
  );
  const head = "--resume needs a session id in print mode (keel -p --resume <session-id>)";
  const which = search.trim() === "" ? "" : ` matching "${search}"`;
  if (found.length === 0) return new UsageError(`${head}; there are no sessions${which} in ${cwd}`);
  const lines = found.slice(0, LISTED).map((s) => {
    const age = ageText(now() - s.modifiedMs).padEnd(9);
    const named = s.name === undefined ? "" : `[${s.name}] `;
    return `  ${s.sessionId}  ${age} ${oneLine(named + (s.firstPrompt || s.title), 60)}`;
  });
  if (found.length > LISTED) lines.push(`  … and ${found.length - LISTED} more`);
  return new UsageError([`${head}. Recent sessions${which} in ${cwd}:`, ...lines].join("\n"));
}
