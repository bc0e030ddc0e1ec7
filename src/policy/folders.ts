import { isWithinFolder } from "../tools/builtin/file-paths.js";
import type { PathForms, RealPathResolver } from "./real-paths.js";

/**
 * True when a path is inside one of the folders both as written and where it really leads
 * (a link inside the project that points at /etc is not inside).
 */
export async function isInsideAny(
  forms: PathForms,
  folders: readonly string[],
  realFolder: RealPathResolver,
): Promise<boolean> {
  const reals = await Promise.all(folders.map((folder) => realFolder(folder)));
  const all = [...folders, ...reals];
  return (
    all.some((folder) => isWithinFolder(forms.written, folder)) &&
    all.some((folder) => isWithinFolder(forms.real, folder))
  );
}
