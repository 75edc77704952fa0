/**
 * What a schema is, for either Zod major: the structural types toolwright accepts, the
 * one-lookup inference of what a schema accepts and yields, and the detection of the
 * major.
 *
 * A schema is a Zod 4 schema when it carries `_zod`, a Zod 3 schema (including
 * `zod/v3`) when it carries `_def` and no `_zod`. We never use `instanceof` on Zod
 * classes: a project may hold two copies of Zod, or both majors.
 *
 * @module
 */

/** A Zod 4 schema (classic, mini or core), read structurally. */
export interface Zod4Schema {
  readonly _zod: { readonly input: unknown; readonly output: unknown; readonly def: unknown };
}

/** A Zod 3 schema (`zod/v3` or `zod@3`), read structurally. */
export interface Zod3Schema {
  readonly _def: unknown;
  readonly _input: unknown;
  readonly _output: unknown;
  safeParse(value: unknown): unknown;
  safeParseAsync(value: unknown): Promise<unknown>;
}

/** Any schema toolwright accepts: Zod 4 or Zod 3. */
export type AnySchema = Zod4Schema | Zod3Schema;

/** What a schema parses to (`z.output`), for either major, by one indexed access. */
export type SchemaOutput<S> = S extends Zod4Schema
  ? S["_zod"]["output"]
  : S extends Zod3Schema
    ? S["_output"]
    : never;

/** What a schema accepts (`z.input`), for either major, by one indexed access. */
export type SchemaInput<S> = S extends Zod4Schema
  ? S["_zod"]["input"]
  : S extends Zod3Schema
    ? S["_input"]
    : never;

/** An issue as both majors report it. */
export interface SchemaIssue {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly message: string;
}

/** The error both majors' `safeParse` report: an `Error` carrying its issues. */
export type SchemaError = Error & { readonly issues: readonly SchemaIssue[] };

/** True when `value` is a Zod 4 or Zod 3 schema. */
export function isSchema(value: unknown): value is AnySchema {
  if (typeof value !== "object" || value === null) return false;
  return (
    "_zod" in value || ("_def" in value && typeof (value as Zod3Schema).safeParse === "function")
  );
}

/** True when `schema` is a Zod 4 schema. */
export function isZod4(schema: AnySchema): schema is Zod4Schema {
  return "_zod" in schema;
}
