/**
 * The types a factory-built tool or play carries for the containers to read: what
 * `execute` accepts and what it resolves to, as plain TypeScript types.
 *
 * They travel in an optional, type-only member, `"~types"`, that is never present at
 * run time (the convention of Standard Schema and valibot: a `~` key sorts last and
 * reads as internal). It holds the parameters' *input* type and the returns' *output*
 * type, never the Zod schema types themselves, so a consumer's declaration file names
 * `{ city: string }` and not `ZodObject<{ city: ZodString }, $strip>`.
 *
 * @module
 */

/** The argument and result types of one tool or play. */
export interface CallTypes<Args, Result> {
  /** What a caller passes: the input type of `parameters`. */
  readonly args: Args;
  /** What a call resolves to: the output type of `returns`, `unknown` without one. */
  readonly result: Result;
}

/** A tool or play that carries its call types. Hand-written literals do not: they stay untyped. */
export interface Typed<Args, Result> {
  /** Type-only: never present at run time. */
  readonly "~types"?: CallTypes<Args, Result>;
}

/** What a caller passes to a tool or play: its `parameters`' input type; `unknown` when untyped. */
export type ArgsOf<C> = C extends { readonly "~types"?: { readonly args: infer A } } ? A : unknown;

/** What a call of a tool or play resolves to: its `returns`' output type; `unknown` when untyped. */
export type ResultOf<C> = C extends { readonly "~types"?: { readonly result: infer R } }
  ? R
  : unknown;
