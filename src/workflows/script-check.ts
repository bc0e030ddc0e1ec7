import type { AnyNode as EsNode, MemberExpression, Node } from "acorn";
import { z } from "zod";

/**
 * The static check a workflow script passes before it runs (task-types.md §3.3): a literal
 * `export const meta` first, no other import/export, and none of the calls that would make a
 * resumed run differ from the journalled one (`Date.now()`, `Math.random()`, argless `new Date()`)
 * or reach outside the sandbox (`import()`).
 */
const metaSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  whenToUse: z.string().optional(),
  phases: z
    .array(
      z.object({ title: z.string(), detail: z.string().optional(), model: z.string().optional() }),
    )
    .optional(),
});
export type WorkflowMeta = z.infer<typeof metaSchema>;

/** A checked script: its meta, and its body as the sandbox runs it (`export` dropped). */
export type ScriptCheck =
  | { ok: true; meta: WorkflowMeta; body: string }
  | { ok: false; message: string };

type MetaRead = { ok: true; meta: WorkflowMeta } | { ok: false; message: string };

type AnyNode = Node & Record<string, unknown>;

/** Parses and checks a script; acorn is loaded on first use (keel -p without workflows never loads it). */
export async function checkWorkflowScript(source: string): Promise<ScriptCheck> {
  const [{ parse }, { full }] = await Promise.all([import("acorn"), import("acorn-walk")]);
  let program: AnyNode;
  try {
    program = parse(source, {
      ecmaVersion: "latest",
      sourceType: "module",
      allowAwaitOutsideFunction: true,
      allowReturnOutsideFunction: true,
      locations: true,
    }) as unknown as AnyNode;
  } catch (error) {
    return { ok: false, message: `workflow script does not parse: ${(error as Error).message}` };
  }
  const body = program.body as AnyNode[];
  const meta = readMeta(body[0]);
  if (!meta.ok) return meta;
  const forbidden = findForbidden(body.slice(1), full);
  if (forbidden !== undefined) return { ok: false, message: forbidden };
  return { ok: true, meta: meta.meta, body: withoutExport(source, body[0]) };
}

/** The source with the leading `export` of `export const meta` taken out. */
function withoutExport(source: string, first: AnyNode | undefined): string {
  const declaration = first?.declaration as AnyNode | undefined;
  if (first === undefined || declaration === undefined) return source;
  return source.slice(0, first.start) + source.slice(declaration.start);
}

function readMeta(first: AnyNode | undefined): MetaRead {
  const declaration =
    first?.type === "ExportNamedDeclaration" ? (first.declaration as AnyNode | null) : null;
  const declarator =
    declaration?.kind === "const" ? (declaration.declarations as AnyNode[])[0] : undefined;
  const id = declarator?.id as AnyNode | undefined;
  if (declarator === undefined || id?.name !== "meta" || declarator.init == null) {
    return {
      ok: false,
      message: "workflow script must begin with `export const meta = { name, description, ... }`",
    };
  }
  const value = literalValue(declarator.init as AnyNode);
  if (!value.ok) return { ok: false, message: `meta must be a pure literal: ${value.message}` };
  const parsed = metaSchema.safeParse(value.value);
  if (!parsed.success)
    return { ok: false, message: `meta is invalid: ${z.prettifyError(parsed.error)}` };
  return { ok: true, meta: parsed.data };
}

type Literal = { ok: true; value: unknown } | { ok: false; message: string };

function literalValue(node: AnyNode): Literal {
  if (node.type === "Literal") return { ok: true, value: node.value };
  if (node.type === "ArrayExpression") return literalArray(node.elements as (AnyNode | null)[]);
  if (node.type === "ObjectExpression") return literalObject(node.properties as AnyNode[]);
  return { ok: false, message: `${node.type} at line ${lineOf(node)} is not a literal` };
}

function literalArray(elements: (AnyNode | null)[]): Literal {
  const values: unknown[] = [];
  for (const element of elements) {
    if (element === null) return { ok: false, message: "holes in arrays are not literals" };
    const value = literalValue(element);
    if (!value.ok) return value;
    values.push(value.value);
  }
  return { ok: true, value: values };
}

function literalObject(properties: AnyNode[]): Literal {
  const object: Record<string, unknown> = {};
  for (const property of properties) {
    const key = property.key as AnyNode | undefined;
    if (
      property.type !== "Property" ||
      property.computed ||
      property.kind !== "init" ||
      key === undefined
    ) {
      return {
        ok: false,
        message: `spread, computed or accessor property at line ${lineOf(property)}`,
      };
    }
    const name = key.type === "Identifier" ? key.name : key.value;
    const value = literalValue(property.value as AnyNode);
    if (!value.ok) return value;
    object[String(name)] = value.value;
  }
  return { ok: true, value: object };
}

type Walk = (node: Node, visit: (node: Node) => void) => void;

function findForbidden(statements: AnyNode[], full: Walk): string | undefined {
  const found: string[] = [];
  for (const statement of statements) {
    if (/^(Import|Export)/.test(statement.type)) {
      found.push(
        `import/export (only \`export const meta\` is allowed) at line ${lineOf(statement)}`,
      );
    }
    full(statement, (node) => {
      const what = forbiddenUse(node as EsNode);
      if (what !== undefined) found.push(`${what} at line ${node.loc?.start.line ?? 0}`);
    });
  }
  if (found.length === 0) return undefined;
  return `workflow script refused before it ran: it uses ${found.join("; ")}`;
}

function forbiddenUse(node: EsNode): string | undefined {
  if (node.type === "ImportExpression") return "a dynamic import";
  if (node.type === "MemberExpression") {
    const name = memberName(node);
    return name === "Date.now" || name === "Math.random" ? `${name} (it breaks resume)` : undefined;
  }
  const arglessDate =
    node.type === "NewExpression" &&
    node.callee.type === "Identifier" &&
    node.callee.name === "Date" &&
    node.arguments.length === 0;
  return arglessDate ? "new Date() without arguments (it breaks resume)" : undefined;
}

function memberName(node: MemberExpression): string | undefined {
  if (node.object.type !== "Identifier") return undefined;
  const property = node.property;
  const key =
    property.type === "Identifier" && !node.computed
      ? property.name
      : property.type === "Literal"
        ? property.value
        : undefined;
  return typeof key === "string" ? `${node.object.name}.${key}` : undefined;
}

function lineOf(node: AnyNode): number {
  return node.loc?.start.line ?? 0;
}
