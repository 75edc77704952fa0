/**
 * `TypedPlaybook`: what `playbook()` returns, a `Playbook` that knows its record, so that
 * `execute` takes only a known name, with the arguments and result of that play.
 *
 * @module
 */
import type { ArgsOf, ResultOf } from "./call-types";
import type { PlayDefinition } from "./play-definition";
import type { Playbook, PlayError } from "./playbook";

/** The plays of a playbook, keyed by name. */
export type PlayRecord = Readonly<Record<string, PlayDefinition>>;

/**
 * A `Playbook` over the record `T`, as `playbook()` builds it: the same class at run time
 * (`instanceof Playbook` holds), typed by name. A `definePlay` play's arguments are the
 * input type of its `parameters`; it resolves to the output type of its `returns` or to
 * `{ error }`, never rejecting. A hand-written `PlayDefinition` takes and returns `unknown`.
 */
export interface TypedPlaybook<T extends PlayRecord> extends Playbook {
  /** The plays, keyed by name: the record given to `playbook()`. */
  readonly plays: T;
  /** Runs a play by name; every failure resolves to `{ error }`, never a rejection. */
  execute<K extends keyof T & string>(
    name: K,
    args: ArgsOf<T[K]>,
  ): Promise<ResultOf<T[K]> | PlayError>;
}
