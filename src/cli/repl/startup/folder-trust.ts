import type { ProjectCode } from "../../../config/settings/project-code.js";
import type { ResolvedSettings } from "../../../config/settings/resolved.js";
import { folderTrust, trustFolder } from "../../../config/trust/trust-store.js";
import { type FolderRoots, folderCode, offSummary } from "./folder-code.js";

/** What the trust question decided, and what the transcript says of it. */
interface TrustOutcome {
  trusted: boolean;
  notices: string[];
}

/** How the question is put to the person (injected: tests answer it). */
type AskTrust = (folder: string, code: readonly ProjectCode[]) => Promise<boolean>;

/**
 * Asks once per folder, before anything the folder's own files would run starts: a folder
 * that brings nothing is not asked about, a trusted one (or one below a trusted folder) is
 * not asked again. Declining runs the session without those parts and says which.
 */
export async function decideFolderTrust(
  settings: ResolvedSettings,
  roots: FolderRoots,
  ask: AskTrust,
  now: () => Date = () => new Date(),
): Promise<TrustOutcome> {
  // The trust store first: a trusted folder's files need not be read at all.
  const known = await folderTrust(roots.stateDir, roots.cwd);
  if (known.trusted) return { trusted: true, notices: [] };
  const code = await folderCode(settings, roots);
  if (code.length === 0) return { trusted: true, notices: [] };
  const notices = "problem" in known ? [`Folder trust: ${known.problem}.`] : [];
  if (!(await ask(roots.cwd, code))) {
    const grants = settings.projectGrants;
    const off = [
      offSummary(code.filter((entry) => entry.kind !== "permission")),
      ...(grants.length > 0 ? [`what its settings grant (${grants.join(", ")})`] : []),
    ].filter((part) => part !== "");
    notices.push(`This folder is not trusted: off for this session: ${off.join("; ")}.`);
    return { trusted: false, notices };
  }
  const saved = await trustFolder(roots.stateDir, roots.cwd, now());
  notices.push(
    saved.saved
      ? `Trusted ${roots.cwd} (and the folders below it).`
      : `Trusted ${roots.cwd} for this session only (not saved: ${saved.problem}).`,
  );
  return { trusted: true, notices };
}
