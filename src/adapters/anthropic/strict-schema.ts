/**
 * The Anthropic strict lowering of a parameters JSON Schema (2020-12): a walk that keeps
 * what strict tool use enforces and writes every other constraint into the node's
 * description, the way Anthropic's own SDK prepares a schema for strict mode, so the model
 * still reads it. The tool's own schema still enforces it at the boundary. Each move or drop
 * is recorded for the ledger.
 *
 * @module
 */
import type { JsonSchema } from "toolwright";
import type { SchemaChange } from "toolwright/lint";
import { ALLOWED_STRING_FORMATS } from "../../../lint/rules/string-format";
import { setOwn } from "../own-key";

// String formats strict mode supports: the list the `string-format` lint rule checks, so
// the lowering and the lint never disagree.
const FORMATS = new Set(ALLOWED_STRING_FORMATS["anthropic-strict"]);

// Keywords sent as they are: the grammar enforces them, or they constrain nothing.
const KEPT = new Set(["type", "enum", "const", "required", "title", "description"]);

// Keywords that name the dialect or carry no constraint: dropped without a word.
const SILENT = new Set(["$schema"]);

/** What {@link lowerAnthropicStrictSchema} produces. */
export interface AnthropicStrictLowering {
  /** The schema to send with `strict: true`. */
  readonly schema: JsonSchema;
  /** Every constraint moved into a description, every keyword dropped or rewritten. */
  readonly changes: readonly SchemaChange[];
}

/**
 * Lowers a parameters JSON Schema for Anthropic strict tools. Never throws: what strict mode
 * cannot take at all (open objects, recursion, tuples) is the lint's to refuse, before this.
 *
 * @example
 * ```ts
 * const { schema, changes } = lowerAnthropicStrictSchema(projectParameters("search", Search, "draft-2020-12"));
 * ```
 */
export function lowerAnthropicStrictSchema(parameters: JsonSchema): AnthropicStrictLowering {
  const changes: SchemaChange[] = [];
  const schema = lower(parameters, "$", changes) as JsonSchema;
  return { schema, changes };
}

function lower(node: unknown, path: string, changes: SchemaChange[]): unknown {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return node;
  const schema = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const moved: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (KEPT.has(key)) setOwn(out, key, value);
    else if (!SILENT.has(key)) lowerKeyword(schema, key, value, { out, moved, path, changes });
  }
  // Strict mode wants every object closed; Zod 4's input side leaves that unsaid.
  if (schema.type === "object") out.additionalProperties = false;
  if (typeof schema.$ref === "string") keepRefAlone(out, moved, path, changes);
  describeMoved(out, moved, path, changes);
  return out;
}

// What one node's walk writes to.
interface NodeWalk {
  readonly out: Record<string, unknown>;
  readonly moved: Record<string, unknown>;
  readonly path: string;
  readonly changes: SchemaChange[];
}

// The keywords strict mode takes in a form of its own; the rest move into the description.
function lowerKeyword(
  schema: Record<string, unknown>,
  key: string,
  value: unknown,
  walk: NodeWalk,
): void {
  const { out, moved, path, changes } = walk;
  switch (key) {
    case "properties":
      out.properties = lowerProperties(value, path, changes);
      return;
    case "additionalProperties":
      // The lint refuses an open object before this; a closed one stays closed.
      if (value === false) out.additionalProperties = false;
      return;
    case "items":
      out.items = lower(value, `${path}[]`, changes);
      return;
    case "anyOf":
    case "allOf":
      out[key] = lowerEach(value, path, changes);
      return;
    case "oneOf":
      out.anyOf = lowerEach(value, path, changes);
      changes.push({ path, kind: "rewritten", message: "oneOf sent as anyOf" });
      return;
    case "$defs":
      out.$defs = lowerDefinitions(value, changes);
      return;
    case "$ref":
      out.$ref = value;
      return;
    case "format":
      if (typeof value === "string" && FORMATS.has(value)) out.format = value;
      else moved.format = value;
      return;
    case "minItems":
      if (value === 0 || value === 1) out.minItems = value;
      else moved.minItems = value;
      return;
    case "minimum":
    case "maximum":
      if (!isSafeIntegerBound(schema, key, value)) moved[key] = value;
      else
        changes.push({
          path,
          kind: "dropped",
          message: `${key} ${value} dropped (the integer type's safe-integer bound)`,
        });
      return;
    default:
      moved[key] = value;
  }
}

// Zod 4's `.int()` bounds an integer to the safe range: in a description they are noise.
function isSafeIntegerBound(schema: Record<string, unknown>, key: string, value: unknown): boolean {
  if (schema.type !== "integer") return false;
  return key === "minimum" ? value === Number.MIN_SAFE_INTEGER : value === Number.MAX_SAFE_INTEGER;
}

function lowerProperties(value: unknown, path: string, changes: SchemaChange[]): unknown {
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(value)) {
    setOwn(out, key, lower(property, `${path}${segment(key)}`, changes));
  }
  return out;
}

function lowerEach(value: unknown, path: string, changes: SchemaChange[]): unknown {
  return Array.isArray(value)
    ? value.map((option, i) => lower(option, `${path}|${i}`, changes))
    : value;
}

function lowerDefinitions(value: unknown, changes: SchemaChange[]): unknown {
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(value)) {
    setOwn(out, name, lower(definition, `$.$defs${segment(name)}`, changes));
  }
  return out;
}

// A `$ref` node carries only the reference (and its definitions), as the SDK sends it:
// what sat beside it is dropped.
function keepRefAlone(
  out: Record<string, unknown>,
  moved: Record<string, unknown>,
  path: string,
  changes: SchemaChange[],
): void {
  const beside = [...Object.keys(out), ...Object.keys(moved)].filter(
    (key) => key !== "$ref" && key !== "$defs",
  );
  for (const key of beside) {
    delete out[key];
    delete moved[key];
    changes.push({ path, kind: "dropped", message: `${key} beside $ref dropped` });
  }
}

// Anthropic's SDK form: the description, a blank line, then `{key: json, ...}`.
function describeMoved(
  out: Record<string, unknown>,
  moved: Record<string, unknown>,
  path: string,
  changes: SchemaChange[],
): void {
  const entries = Object.entries(moved);
  if (entries.length === 0) return;
  for (const [key, value] of entries) {
    changes.push({
      path,
      kind: "moved",
      message: `${key} ${JSON.stringify(value)} moved into the description`,
    });
  }
  const written = `{${entries.map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(", ")}}`;
  const existing =
    typeof out.description === "string" && out.description !== "" ? `${out.description}\n\n` : "";
  out.description = `${existing}${written}`;
}

// The lint's path segment: `.name` for an identifier-like key, `["key"]` otherwise.
function segment(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}
