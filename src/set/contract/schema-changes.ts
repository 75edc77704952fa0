/**
 * What changed between two versions of a tool's JSON Schema, classified for the parties
 * a tool's listing is a contract with (issue 25): **breaking** (a call valid before may
 * now be refused, or a result a host relied on may now be missing), **compatible** (every
 * call valid before still is, every result still carries what it did) and **cosmetic**
 * (only what a model reads: descriptions, titles, examples, key order). Arguments
 * (`"input"`) break when they narrow; results (`"output"`) break when they widen. What
 * no rule understands is breaking: a contract check must not call an unknown change safe.
 *
 * Pure: reads two JSON values, never changes them.
 *
 * @module
 */

/** How a change affects the tool's callers. */
export type ChangeClass = "breaking" | "compatible" | "cosmetic";

/** Whether a schema describes what a model sends (arguments) or what a host receives (a result). */
export type SchemaSide = "input" | "output";

/** One change, at a path in the schema's instances (`$.address.city`, `$.tags[]`). */
export interface SchemaChange {
  readonly path: string;
  readonly change: ChangeClass;
  /** What changed, readable: `new required property 'limit'`, `enum lost "archived"`. */
  readonly what: string;
}

type Schema = Readonly<Record<string, unknown>>;

/** Keywords only a model reads. */
const COSMETIC = ["description", "title", "examples", "$comment", "deprecated"] as const;
/** Bounds whose rise narrows what is accepted, and whose fall widens it. */
const LOWER = ["minimum", "minLength", "minItems", "minProperties"] as const;
/** Bounds whose fall narrows what is accepted. */
const UPPER = ["maximum", "maxLength", "maxItems", "maxProperties"] as const;
/** Keywords that only restrict: added or changed narrows, removed widens. */
const RESTRICTING = ["pattern", "format", "multipleOf", "uniqueItems"] as const;
/**
 * Keywords read here; any other that differs is a change no rule understands. A list, not
 * a `Set`: a module the check bundles a copy of keeps no object built at load.
 */
const READ: readonly string[] = [
  ...COSMETIC,
  ...LOWER,
  ...UPPER,
  ...RESTRICTING,
  "type",
  "nullable",
  "enum",
  "const",
  "default",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "anyOf",
  "oneOf",
  "$schema",
];

/** How deep two schemas are compared before the rest is compared whole. */
const MAX_DEPTH = 200;

/**
 * The changes from `before` to `after`, for schemas of `side`. Equal schemas give none;
 * schemas equal but for key order give one cosmetic change at `$`.
 */
export function schemaChanges(before: unknown, after: unknown, side: SchemaSide): SchemaChange[] {
  const changes: SchemaChange[] = [];
  compare(schemaOf(before), schemaOf(after), { path: "$", side, changes, depth: 0 });
  if (changes.length === 0 && written(before) !== written(after)) {
    changes.push({ path: "$", change: "cosmetic", what: "key order" });
  }
  return changes;
}

interface Walk {
  readonly path: string;
  readonly side: SchemaSide;
  readonly changes: SchemaChange[];
  readonly depth: number;
}

function compare(before: Schema, after: Schema, walk: Walk): void {
  if (canonical(before) === canonical(after)) return;
  if (walk.depth >= MAX_DEPTH) {
    report(walk, "breaking", "changed too deep to compare");
    return;
  }
  for (const key of COSMETIC) {
    if (canonical(before[key]) !== canonical(after[key]))
      report(walk, "cosmetic", `${key} changed`);
  }
  if (canonical(before.default) !== canonical(after.default)) {
    report(walk, "compatible", "default changed");
  }
  compareTypes(before, after, walk);
  compareValues(before, after, walk);
  compareBounds(before, after, walk);
  compareObjects(before, after, walk);
  compareItems(before, after, walk);
  compareVariants(before, after, walk);
  const unread = keysOf(before, after).filter(
    (key) => !READ.includes(key) && canonical(before[key]) !== canonical(after[key]),
  );
  if (unread.length > 0) report(walk, "breaking", `${unread.join(", ")} changed`);
}

/** A narrowing: breaking for arguments, compatible for results. */
function narrowed(walk: Walk, what: string): void {
  report(walk, walk.side === "input" ? "breaking" : "compatible", what);
}

/** A widening: compatible for arguments, breaking for results. */
function widened(walk: Walk, what: string): void {
  report(walk, walk.side === "input" ? "compatible" : "breaking", what);
}

function report(walk: Walk, change: ChangeClass, what: string): void {
  walk.changes.push({ path: walk.path, change, what });
}

function compareTypes(before: Schema, after: Schema, walk: Walk): void {
  const was = typesOf(before);
  const is = typesOf(after);
  if (was === undefined && is === undefined) return;
  if (was === undefined) {
    narrowed(walk, `type restricted to ${[...(is ?? [])].join(", ")}`);
    return;
  }
  if (is === undefined) {
    widened(walk, "type no longer restricted");
    return;
  }
  const lost = [...was].filter((type) => !covers(is, type));
  const gained = [...is].filter((type) => !covers(was, type));
  if (lost.length > 0) narrowed(walk, `type lost ${lost.join(", ")}`);
  if (gained.length > 0) widened(walk, `type gained ${gained.join(", ")}`);
}

// `integer` is a kind of `number`: a number type covers it.
function covers(types: ReadonlySet<string>, type: string): boolean {
  return types.has(type) || (type === "integer" && types.has("number"));
}

function typesOf(schema: Schema): Set<string> | undefined {
  const { type } = schema;
  const listed = typeof type === "string" ? [type] : Array.isArray(type) ? type.map(String) : [];
  if (listed.length === 0) return undefined;
  // OpenAPI 3.0 spells a nullable type as `nullable: true`.
  return new Set(schema.nullable === true ? [...listed, "null"] : listed);
}

function compareValues(before: Schema, after: Schema, walk: Walk): void {
  const was = valuesOf(before);
  const is = valuesOf(after);
  if (was === undefined && is === undefined) return;
  if (was === undefined) {
    narrowed(walk, "values restricted to an enum");
    return;
  }
  if (is === undefined) {
    widened(walk, "values no longer restricted to an enum");
    return;
  }
  const lost = [...was].filter((value) => !is.has(value));
  const gained = [...is].filter((value) => !was.has(value));
  if (lost.length > 0) narrowed(walk, `enum lost ${lost.join(", ")}`);
  if (gained.length > 0) widened(walk, `enum gained ${gained.join(", ")}`);
}

// `const` is an enum of one.
function valuesOf(schema: Schema): Set<string> | undefined {
  if ("const" in schema) return new Set([canonical(schema.const)]);
  return Array.isArray(schema.enum) ? new Set(schema.enum.map(canonical)) : undefined;
}

function compareBounds(before: Schema, after: Schema, walk: Walk): void {
  for (const key of LOWER) bound(before[key], after[key], key, "lower", walk);
  for (const key of UPPER) bound(before[key], after[key], key, "upper", walk);
  // A numeric exclusive bound (draft 6 on) is a bound; a boolean one (OpenAPI 3.0) marks
  // `minimum`/`maximum` exclusive, which narrows.
  exclusive(before.exclusiveMinimum, after.exclusiveMinimum, "exclusiveMinimum", "lower", walk);
  exclusive(before.exclusiveMaximum, after.exclusiveMaximum, "exclusiveMaximum", "upper", walk);
  for (const key of RESTRICTING) {
    const was = before[key];
    const is = after[key];
    if (canonical(was) === canonical(is)) continue;
    if (is === undefined || is === false) widened(walk, `${key} removed`);
    else narrowed(walk, was === undefined ? `${key} added` : `${key} changed`);
  }
}

function bound(was: unknown, is: unknown, key: string, side: "lower" | "upper", walk: Walk): void {
  if (was === is) return;
  if (typeof is !== "number") {
    widened(walk, `${key} removed`);
    return;
  }
  if (typeof was !== "number") {
    narrowed(walk, `${key} ${is} added`);
    return;
  }
  const tighter = side === "lower" ? is > was : is < was;
  if (tighter) narrowed(walk, `${key} tightened from ${was} to ${is}`);
  else widened(walk, `${key} loosened from ${was} to ${is}`);
}

function exclusive(was: unknown, is: unknown, key: string, side: "lower" | "upper", walk: Walk) {
  if (canonical(was) === canonical(is)) return;
  if (typeof was === "boolean" || typeof is === "boolean") {
    if (is === true) {
      narrowed(walk, `${key} set`);
      return;
    }
    if (was === true) {
      widened(walk, `${key} unset`);
      return;
    }
  }
  bound(
    typeof was === "number" ? was : undefined,
    typeof is === "number" ? is : undefined,
    key,
    side,
    walk,
  );
}

function compareObjects(before: Schema, after: Schema, walk: Walk): void {
  const was = propertiesOf(before);
  const is = propertiesOf(after);
  const wasRequired = requiredOf(before);
  const isRequired = requiredOf(after);
  for (const key of Object.keys(was)) {
    if (!(key in is)) {
      report(walk, "breaking", `property '${key}' removed`);
      continue;
    }
    const inner = { ...walk, path: `${walk.path}.${key}`, depth: walk.depth + 1 };
    if (!wasRequired.has(key) && isRequired.has(key)) narrowed(inner, "now required");
    if (wasRequired.has(key) && !isRequired.has(key)) widened(inner, "now optional");
    compare(schemaOf(was[key]), schemaOf(is[key]), inner);
  }
  for (const key of Object.keys(is)) {
    if (key in was) continue;
    if (isRequired.has(key)) narrowed(walk, `new required property '${key}'`);
    else report(walk, "compatible", `new optional property '${key}'`);
  }
  compareAdditional(before.additionalProperties, after.additionalProperties, walk);
}

function compareAdditional(was: unknown, is: unknown, walk: Walk): void {
  if (canonical(was) === canonical(is)) return;
  if (is === false) {
    narrowed(walk, "closed to other properties");
    return;
  }
  if (was === false) {
    widened(walk, "opened to other properties");
    return;
  }
  const inner = { ...walk, path: `${walk.path}.*`, depth: walk.depth + 1 };
  compare(schemaOf(was), schemaOf(is), inner);
}

function compareItems(before: Schema, after: Schema, walk: Walk): void {
  const { items: was } = before;
  const { items: is } = after;
  if (canonical(was) === canonical(is)) return;
  if (Array.isArray(was) || Array.isArray(is)) {
    report(walk, "breaking", "tuple items changed");
    return;
  }
  const inner = { ...walk, path: `${walk.path}[]`, depth: walk.depth + 1 };
  compare(schemaOf(was), schemaOf(is), inner);
}

// Variants as wholes: one changed is one removed and one added.
function compareVariants(before: Schema, after: Schema, walk: Walk): void {
  for (const key of ["anyOf", "oneOf"] as const) {
    const was = variantsOf(before[key]);
    const is = variantsOf(after[key]);
    if (was === undefined && is === undefined) continue;
    if (was === undefined || is === undefined) {
      report(walk, "breaking", `${key} ${was === undefined ? "added" : "removed"}`);
      continue;
    }
    const lost = [...was].filter((variant) => !is.has(variant)).length;
    const gained = [...is].filter((variant) => !was.has(variant)).length;
    if (lost > 0) narrowed(walk, `${key} lost ${lost} variant${lost === 1 ? "" : "s"}`);
    if (gained > 0) widened(walk, `${key} gained ${gained} variant${gained === 1 ? "" : "s"}`);
  }
}

function variantsOf(value: unknown): Set<string> | undefined {
  return Array.isArray(value) ? new Set(value.map(canonical)) : undefined;
}

function propertiesOf(schema: Schema): Readonly<Record<string, unknown>> {
  const { properties } = schema;
  return typeof properties === "object" && properties !== null
    ? (properties as Record<string, unknown>)
    : {};
}

function requiredOf(schema: Schema): ReadonlySet<string> {
  return new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
}

// `true` (and a missing schema) accepts anything, as `{}` does; `false` accepts nothing.
function schemaOf(value: unknown): Schema {
  if (value === false) return { not: {} };
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Schema)
    : {};
}

function keysOf(before: Schema, after: Schema): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])];
}

/** `value` as JSON with every object's keys sorted: equal for equal values, whatever their order. */
export function canonical(value: unknown): string {
  return serialized(value, true);
}

/** `value` as JSON, its keys in their order: what a listing's bytes hold. */
export function written(value: unknown): string {
  return serialized(value, false);
}

/** Marks a piece of JSON text already written, on the stack beside values still to write. */
const TEXT: unique symbol = Symbol("text");

interface Text {
  readonly [TEXT]: string;
}

const text = (written: string): Text => ({ [TEXT]: written });

function isText(item: unknown): item is Text {
  return typeof item === "object" && item !== null && TEXT in item;
}

// Without recursion, so that a 10,000-deep schema is written, not a stack overflow; the
// same text as JSON.stringify (undefined members left out), keys sorted when asked.
function serialized(value: unknown, sorted: boolean): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (isText(item)) out.push(item[TEXT]);
    else if (Array.isArray(item)) pushArray(stack, item, out);
    else if (typeof item === "object" && item !== null) pushObject(stack, item, sorted, out);
    else out.push(JSON.stringify(item) ?? "null");
  }
  return out.join("");
}

function pushArray(stack: unknown[], items: readonly unknown[], out: string[]): void {
  out.push("[");
  stack.push(text("]"));
  for (let index = items.length - 1; index >= 0; index--) {
    const item = items[index];
    stack.push(item === undefined || typeof item === "function" ? null : item);
    if (index > 0) stack.push(text(","));
  }
}

function pushObject(stack: unknown[], object: object, sorted: boolean, out: string[]): void {
  const entries = Object.entries(object).filter(
    ([, member]) => member !== undefined && typeof member !== "function",
  );
  if (sorted) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  out.push("{");
  stack.push(text("}"));
  for (let index = entries.length - 1; index >= 0; index--) {
    const [key, member] = entries[index] as [string, unknown];
    stack.push(member);
    stack.push(text(`${index > 0 ? "," : ""}${JSON.stringify(key)}:`));
  }
}
