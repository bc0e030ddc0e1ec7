// An esbuild plugin that keeps Node's undici out of the Anthropic SDK's path. Node defines
// Headers, FormData (and Response, fetch…) as lazy globals whose first use loads its internal
// undici bundle, about 60 ms of CPU in a one-turn `keel -p` that never sends over undici
// (src/model/anthropic/node-fetch.ts). The SDK builds every request's headers with
// `new Headers()` and asks `body instanceof FormData`, so in the SDK's modules those two names
// are given local bindings: keel's Headers (src/model/anthropic/web-headers.ts, the one
// node-fetch.ts uses), and a FormData that no body is an instance of and that throws when built
// (keel sends no multipart bodies).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** What each shadowed global is imported from (the SDK and node-fetch.ts share one Headers). */
const SHADOWS = {
  Headers: join(root, "src/model/anthropic/web-headers.ts"),
  FormData: join(root, "src/model/anthropic/no-form-data.ts"),
};

const SDK_FILE = /[\\/]node_modules[\\/]@anthropic-ai[\\/]sdk[\\/].*\.m?js$/;

/** Whether `text` mentions `name` as a bare identifier (not as `x.name`). */
function mentions(text, name) {
  return new RegExp(`(?<![\\w$.])${name}(?![\\w$])`).test(text);
}

/**
 * Whether the module declares `name` at its top level (compiled files start those lines in
 * column 0). Such a module keeps its own; an import would clash with it (esbuild would stop
 * the build, so a declaration this misses cannot go unnoticed).
 */
function declaresAtTop(text, name) {
  const declaration = `^(?:export\\s+)?(?:class|function\\*?|const|let|var)\\s+${name}\\b`;
  const imported = `^import\\b[^;]*\\b${name}\\b[^;]*\\bfrom\\b`;
  return new RegExp(`${declaration}|${imported}`, "m").test(text);
}

/** The import lines that shadow the globals an SDK module uses. */
function shadowingImports(text) {
  return Object.entries(SHADOWS)
    .filter(([name]) => mentions(text, name) && !declaresAtTop(text, name))
    .map(([name, path]) => `import { ${name} } from ${JSON.stringify(path)};`);
}

/** The SDK module with its uses of the Headers and FormData globals bound to keel's stand-ins. */
async function loadSdkModule(args) {
  const text = await readFile(args.path, "utf8");
  const imports = shadowingImports(text);
  if (imports.length === 0) return undefined;
  // On the first line, not above it: the lines stay where the SDK's own source map says.
  return { contents: imports.join("") + text, loader: "js" };
}

/** The esbuild plugin: see the top of this file. Add it to every build that bundles the SDK. */
export function sdkWebGlobals() {
  return {
    name: "sdk-web-globals",
    setup(build) {
      build.onLoad({ filter: SDK_FILE }, loadSdkModule);
    },
  };
}
