import { mkdir, readFile, realpath } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../../tasks/atomic-write.js";

/** `KEEL_CONFIG_DIR/trust.json`: the folders a person said they trust, with when. */
const trustFileSchema = z.object({
  folders: z.record(z.string(), z.object({ trustedAt: z.string() })),
});

type TrustFile = z.infer<typeof trustFileSchema>;

/** Where trust is kept. */
export function trustFilePath(stateDir: string): string {
  return join(stateDir, "trust.json");
}

/** What the trust file says of a folder (a trusted parent covers it), or why it cannot say. */
export type TrustAnswer =
  | { trusted: true; by: string }
  | { trusted: false }
  | { trusted: false; problem: string };

async function readTrust(path: string): Promise<TrustFile | { problem: string }> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { folders: {} };
    return { problem: `${path} cannot be read (${(error as Error).message})` };
  }
  try {
    const parsed = trustFileSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    return {
      problem: `${path} is not a trust file keel wrote (${parsed.error.issues[0]?.message})`,
    };
  } catch (error) {
    return { problem: `${path} is not valid JSON (${(error as Error).message})` };
  }
}

/** The folder as its real path (trust follows the folder, not a link to it). */
async function realFolder(folder: string): Promise<string> {
  return realpath(folder).catch(() => resolve(folder));
}

const covers = (parent: string, folder: string) =>
  folder === parent || folder.startsWith(parent.endsWith(sep) ? parent : `${parent}${sep}`);

/** Whether `folder` is trusted: it, or a folder above it, is in the trust file. */
export async function folderTrust(stateDir: string, folder: string): Promise<TrustAnswer> {
  const file = await readTrust(trustFilePath(stateDir));
  if ("problem" in file) return { trusted: false, problem: file.problem };
  const real = await realFolder(folder);
  const by = Object.keys(file.folders).find((trusted) => covers(trusted, real));
  return by === undefined ? { trusted: false } : { trusted: true, by };
}

/**
 * Records that the person trusts `folder` (and so every folder below it). A trust file keel
 * cannot read is left as it is, and one it cannot write (a read-only state folder) is not
 * written: the answer then holds for this session only.
 */
export async function trustFolder(
  stateDir: string,
  folder: string,
  now: Date,
): Promise<{ saved: true } | { saved: false; problem: string }> {
  const path = trustFilePath(stateDir);
  const file = await readTrust(path);
  if ("problem" in file) return { saved: false, problem: file.problem };
  const real = await realFolder(folder);
  const next: TrustFile = {
    folders: { ...file.folders, [real]: { trustedAt: now.toISOString() } },
  };
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFileAtomic(path, `${JSON.stringify(next, null, 2)}\n`);
  } catch (error) {
    return { saved: false, problem: `${path} cannot be written (${(error as Error).message})` };
  }
  return { saved: true };
}
