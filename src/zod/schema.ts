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

/**
 * A Zod 4 schema (classic, mini or core), read structurally. `output` is `any`, as in
 * Zod 3's `ZodTypeAny`, so that a schema typed only as this passes a check on what a
 * schema parses to (`defineTool`'s object `parameters`) instead of failing it.
 */
export interface Zod4Schema {
  // biome-ignore lint/suspicious/noExplicitAny: an erased schema must pass output checks.
  readonly _zod: { readonly input: unknown; readonly output: any; readonly def: unknown };
}

/** A Zod 3 schema (`zod/v3` or `zod@3`), read structurally; `_output` is `any` as in {@link Zod4Schema}. */
export interface Zod3Schema {
  readonly _def: unknown;
  readonly _input: unknown;
  // biome-ignore lint/suspicious/noExplicitAny: an erased schema must pass output checks.
  readonly _output: any;
  safeParse(value: unknown): unknown;
  safeParseAsync(value: unknown): Promise<unknown>;
}

/** Any schema toolwright accepts: Zod 4 or Zod 3. */
export type AnySchema = Zod4Schema | Zod3Schema;

/**
 * The fields of an object schema written as a plain record, `{ city: z.string() }`, the
 * way the MCP SDK and Mastra take parameters. It stands for `z.object` of those fields.
 */
export type RawShape = { readonly [field: string]: AnySchema };

/**
 * What a schema parses to (`z.output`), for either major, by one indexed access; for a
 * raw shape, what `z.object` of it parses to.
 */
export type SchemaOutput<S> = S extends Zod4Schema
  ? S["_zod"]["output"]
  : S extends Zod3Schema
    ? S["_output"]
    : S extends RawShape
      ? ShapeOf<S, "output">
      : never;

/** What a schema accepts (`z.input`), for either major; for a raw shape, what `z.object` of it accepts. */
export type SchemaInput<S> = S extends Zod4Schema
  ? S["_zod"]["input"]
  : S extends Zod3Schema
    ? S["_input"]
    : S extends RawShape
      ? ShapeOf<S, "input">
      : never;

type Side = "input" | "output";

/**
 * A field is optional as `z.object` makes it: in Zod 4 when the field says so
 * (`optin`/`optout`, set by `.optional()`; `.default()` sets `optin` to `"defaulted"`
 * from Zod 4.1), in Zod 3 when its type admits `undefined`.
 */
type IsOptional<F, Direction extends Side> = F extends Zod4Schema
  ? F extends {
      readonly _zod: {
        readonly [K in Direction extends "input" ? "optin" : "optout"]: "optional" | "defaulted";
      };
    }
    ? true
    : false
  : undefined extends (Direction extends "input" ? SchemaInput<F> : SchemaOutput<F>)
    ? true
    : false;

type FieldOf<F, Direction extends Side> = Direction extends "input"
  ? SchemaInput<F>
  : SchemaOutput<F>;

type ShapeOf<S extends RawShape, Direction extends Side> = {
  -readonly [K in keyof S as IsOptional<S[K], Direction> extends true ? never : K]: FieldOf<
    S[K],
    Direction
  >;
} & {
  -readonly [K in keyof S as IsOptional<S[K], Direction> extends true ? K : never]?: FieldOf<
    S[K],
    Direction
  >;
} extends infer Flat
  ? { [K in keyof Flat]: Flat[K] }
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

/**
 * True when `value` is a raw shape: a plain object, not itself a schema, each of whose
 * own fields is a schema. `{}` counts: an object with no fields.
 */
export function isRawShape(value: unknown): value is RawShape {
  if (typeof value !== "object" || value === null || isSchema(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).every(isSchema);
}

/** True when `schema` is a Zod 4 schema. */
export function isZod4(schema: AnySchema): schema is Zod4Schema {
  return "_zod" in schema;
}

/**
 * What `parameters` may be: an object schema of either Zod major, or a raw shape such
 * as `{ city: z.string() }`. A string, an array, a union with a non-object member or
 * `z.unknown()` is not: the model is always sent an object. A schema typed as
 * `AnySchema` says nothing and is left to projection, which names the tool at run time.
 *
 * The check reads what the schema parses to, which `execute` needs anyway, so it costs
 * the compiler next to nothing; reading what it accepts as well would cost a third more
 * per tool. So a schema that accepts an object but parses to something else
 * (`z.object({ id }).transform((o) => o.id)`) is refused too.
 */
export type ObjectSchemaOrRawShape = ObjectZod4Schema | ObjectZod3Schema | RawShape;

/** An object and not an array: arrays (and maps and sets) are iterable, objects are not. */
type ObjectOutput = object & { readonly [Symbol.iterator]?: never };

/** A Zod 4 schema that parses to an object. */
interface ObjectZod4Schema {
  readonly _zod: { readonly output: ObjectOutput };
}

/** A Zod 3 schema that parses to an object. */
interface ObjectZod3Schema {
  readonly _def: unknown;
  readonly _output: ObjectOutput;
}

/**
 * The `returns` of a tool that declares none: a schema type whose input and output say
 * nothing, so that a tool without `returns` accepts any result and resolves to `unknown`.
 */
export interface NoReturns {
  readonly _zod: { readonly input: unknown; readonly output: unknown; readonly def: unknown };
}
