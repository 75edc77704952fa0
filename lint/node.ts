/**
 * The neutral shape rules see: a {@link SchemaNode}, whichever Zod major (or JSON Schema) it was
 * read from. The `view-zod*.ts` and `view-json-schema.ts` readers build nodes; `node-view.ts`
 * picks the reader.
 */

/** What a node is, independent of the Zod major it came from. */
export type NodeKind =
  | "string"
  | "number"
  | "boolean"
  | "null"
  | "any"
  | "never"
  | "enum"
  | "literal"
  | "object"
  | "record"
  | "array"
  | "tuple"
  | "union"
  | "intersection"
  // Transparent layers: the path does not change when the walker steps through them.
  | "optional"
  | "nullable"
  | "default"
  | "wrapper"
  | "pipe"
  | "lazy"
  // No JSON Schema projection can carry these.
  | "date"
  | "bigint"
  | "symbol"
  | "undefined"
  | "void"
  | "nan"
  | "map"
  | "set"
  | "function"
  | "promise"
  | "custom"
  | "transform"
  | "other";

/**
 * How a child hangs off its parent; decides the path segment (see `path.ts`). `"definition"` is
 * the edge of a further root the walk starts from: a root definition no `$ref` reaches.
 */
export type EdgeKind =
  | "root"
  | "definition"
  | "inner"
  | "property"
  | "catchall"
  | "record-value"
  | "element"
  | "tuple-item"
  | "tuple-rest"
  | "union-member"
  | "intersection-member";

/** One child schema, not yet viewed: it is read only when the walker reaches it. */
export interface ChildEdge {
  readonly edge: EdgeKind;
  /** Property name, tuple index or member index (`"in"`/`"out"` for a pipe's sides); absent for edges without one. */
  readonly key?: string | number;
  readonly schema: unknown;
}

/** The numeric constraints a number node carries, as its converter will emit them. */
export interface NumericFacts {
  readonly exclusiveMinimum: boolean;
  readonly exclusiveMaximum: boolean;
  readonly inclusiveBound: boolean;
  /** Zod 4 `.int()` and friends emit safe-integer `minimum`/`maximum`. */
  readonly formatBound: boolean;
  readonly multipleOf: boolean;
}

/** A schema read into the neutral shape. */
export interface SchemaNode {
  /**
   * The schema object itself (for JSON Schema, the canonical handle of one layer of one position
   * in its document, see `json-schema-ref.ts`): its identity is what cycle detection compares.
   */
  readonly schema: object;
  /** The Zod major it was read from, or `"json-schema"` for a JSON Schema (already projected). */
  readonly major: NodeSource;
  readonly kind: NodeKind;
  /** The Zod name, for messages: `ZodDate` (Zod 3) or `date` (Zod 4). */
  readonly typeName: string;
  readonly description: string | undefined;
  readonly children: readonly ChildEdge[];
  readonly numeric: NumericFacts | undefined;
  /**
   * JSON Schema `format` values the converter emits for this string; for a number, the `format`
   * a JSON Schema writes on it (OpenAPI's `int32`; no Zod converter emits one).
   */
  readonly formats: readonly string[];
  readonly lengthBounded: boolean;
  /** The converter emits a `pattern` for this string (`.regex()`, and formats that carry one). */
  readonly pattern: boolean;
  /** The converter emits `contentEncoding` for this string (base64). */
  readonly contentEncoding: boolean;
  /** The converter emits `propertyNames` for this record (Zod 4 always; Zod 3 for checked keys). */
  readonly propertyNames: boolean;
  readonly minItems: number | undefined;
  readonly maxItems: number | undefined;
  /** An object that admits unknown keys (passthrough/loose, catchall). */
  readonly openObject: boolean;
  readonly enumValues: readonly unknown[] | undefined;
  /** A union the converter emits as `oneOf` (Zod 4 discriminated unions and `z.xor`). */
  readonly exclusiveUnion: boolean;
  /**
   * Zod 3 only: zod-to-json-schema writes this node's children inline without recording them, so
   * no `$ref` is ever emitted to or for them (a nullable primitive, a union of primitives or literals).
   */
  readonly untrackedChildren: boolean;
  /** The projection writes this array without `items` (Zod 3 `z.array(z.any())`, or a JSON Schema without it). */
  readonly itemsOmitted: boolean;
  /** JSON Schema only: the `$ref` this node stands for (a `lazy` layer over its target). */
  readonly ref: string | undefined;
}

/** Where a node was read from: a Zod major, or a JSON Schema. */
export type NodeSource = 3 | 4 | "json-schema";

/** Kinds the walker steps through without changing the path. */
export const TRANSPARENT_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>([
  "optional",
  "nullable",
  "default",
  "wrapper",
  "pipe",
  "lazy",
]);

/** Shared by every node without children or formats: one fewer allocation per node walked. */
const NONE: readonly never[] = Object.freeze([]);

/**
 * A node with every fact at its neutral value, overridden by what a reader knows (`facts`).
 * Built in one object: the walker creates one per node, so allocation here is most of its cost.
 */
export function baseNode(
  schema: object,
  major: NodeSource,
  kind: NodeKind,
  typeName: string,
  description: string | undefined,
  facts: Partial<SchemaNode>,
): SchemaNode {
  return {
    schema,
    major,
    kind,
    typeName,
    description,
    children: NONE,
    numeric: undefined,
    formats: NONE,
    lengthBounded: false,
    pattern: false,
    contentEncoding: false,
    propertyNames: false,
    minItems: undefined,
    maxItems: undefined,
    openObject: false,
    enumValues: undefined,
    exclusiveUnion: false,
    untrackedChildren: false,
    itemsOmitted: false,
    ref: undefined,
    ...facts,
  };
}
