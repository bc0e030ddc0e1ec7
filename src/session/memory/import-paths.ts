import { extname, isAbsolute, join, resolve } from "node:path";
import { proseOutsideCode } from "./markdown-code.js";

/** `@` at the start of a line or after whitespace (so e-mail addresses are not imports). */
const IMPORT = /(?:^|\s)@((?:[^\s\\]|\\ )+)/g;

/** Extensions an import may have: text formats, or none at all. */
const TEXT_EXTENSIONS = new Set(["", ".md", ".txt", ".json", ".yaml", ".yml", ".toml"]);

/** The path an `@token` names: no `#fragment`, `\ ` unescaped, trailing punctuation dropped. */
function tokenPath(token: string): string {
  const hash = token.indexOf("#");
  const bare = (hash >= 0 ? token.slice(0, hash) : token).replace(/\\ /g, " ");
  return bare.replace(/[,;:!?)\]]+$/, "").replace(/(?<=[^./])\.$/, "");
}

/** Whether a token looks like a path rather than a mention (`@someone's`, `@@`, `@#tag`). */
function looksLikePath(path: string): boolean {
  if (path.startsWith("~/")) return true;
  if (path.startsWith("/")) return path.length > 1;
  return /^[A-Za-z0-9._-]/.test(path);
}

/** The `@path` imports of a memory file, in order, once each, ignoring any inside code. */
export function findImportPaths(content: string): string[] {
  const found: string[] = [];
  for (const match of proseOutsideCode(content).matchAll(IMPORT)) {
    const path = tokenPath(match[1] ?? "");
    if (looksLikePath(path) && !found.includes(path)) found.push(path);
  }
  return found;
}

/** An import's absolute path: `~/` from home, absolute as is, else from the importer's folder. */
export function resolveImportPath(path: string, importerDir: string, home: string): string {
  if (path.startsWith("~/")) return join(home, path.slice(2));
  if (isAbsolute(path)) return path;
  return resolve(importerDir, path);
}

/** Whether an import target is a text file keel may inline (by extension; none counts). */
export function isTextImport(path: string): boolean {
  return TEXT_EXTENSIONS.has(extname(path).toLowerCase());
}
