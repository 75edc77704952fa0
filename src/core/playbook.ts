/**
 * The `Playbook` class, whose `execute` never rejects, and the `playbook()` factory.
 *
 * @module
 */

import type { Callable, Container, FailedCallInfo, FailedOutcome } from "../call/call";
import { definitionControls, visibleNames } from "../call/definition-controls";
import { failureOf } from "../call/failure-text";
import { type CallOutcome, callFailure } from "../call/outcome";
import { runCall } from "../call/pipeline";
import { formatted } from "../call/stages/error-text";
import type { JsonSchema, JsonSchemaTarget } from "../zod/json-schema";
import { isInstance } from "./brand";
import { clip } from "./clip";
import { messageOf } from "./describe";
import { ApprovalRequiredError } from "./errors";
import { planOf } from "./factory-execute";
import type { PlayDefinition } from "./play-definition";
import { projectParameters, projectReturns } from "./projection";
import type { PlayRecord, TypedPlaybook } from "./typed-playbook";

/** What a model is shown of one play. */
export interface PlaySchema {
  /** The play's name: its key in the record. */
  readonly name: string;
  /** What the play does. */
  readonly description: string;
  /** JSON Schema of the arguments (input side), `type: "object"` at the root. */
  readonly parameters: JsonSchema;
  /** JSON Schema of the result (output side), when the play declares `returns`. */
  readonly returns?: JsonSchema;
  /** A hint for how a host UI should render the result. */
  readonly displayType?: string;
}

/** How every play failure comes back from {@link Playbook.execute}. */
export interface PlayError {
  /** A readable message naming the play and what went wrong. */
  readonly error: string;
}

/**
 * A named set of plays. `execute` never rejects: an unknown play, invalid arguments,
 * a thrown error, a returns violation and an unserialisable result all come back as
 * `{ error }`. A success is JSON round-tripped, as a host would receive it.
 */
export abstract class Playbook {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "Playbook");
  }

  /** The mark every copy of toolwright gives a `Playbook` (see `brand.ts`). */
  get "~toolwright.Playbook"(): true {
    return true;
  }

  /** The playbook's name. */
  abstract readonly name: string;
  /** What the playbook is for. */
  abstract readonly description: string;
  /** The plays, keyed by name. */
  abstract readonly plays: Readonly<Record<string, PlayDefinition>>;

  /** The names of the plays, in record order. */
  getPlayNames(): string[] {
    return Object.keys(this.plays);
  }

  /**
   * What a model is shown of each play, with JSON Schema in the given dialect (under strict
   * inputs, the closed form of `parameters`).
   */
  getPlaySchemas(target: JsonSchemaTarget = "draft-07"): PlaySchema[] {
    return Object.entries(this.plays).map(([name, play]) => ({
      name,
      description: play.description,
      parameters: projectParameters(name, resolvedOf(this, name, play).shown, target, "play"),
      ...(play.returns !== undefined && {
        returns: projectReturns(name, play.returns, target, "play"),
      }),
      ...(play.displayType !== undefined && { displayType: play.displayType }),
    }));
  }

  /**
   * Runs a play; every failure resolves to `{ error }`, never a rejection. The play's
   * `controls` hold here too: its time limit and strict inputs, its `formatError` for the
   * envelope's text, and a call that needs approval is refused (only a tool set can ask).
   */
  execute(name: string, args: unknown): Promise<unknown> {
    return runCall(envelopeSite, this, name, args, undefined);
  }
}

const envelopeSite: Container<Playbook, unknown> = {
  callables: (playbook) => playbook.plays,
  controls: (playbook, name, play, plan) =>
    definitionControls(play, plan, "play", "playbook", playbook.name, name).controls,
  value: (value, _playbook, name) => {
    const settled = roundTrip(name, value);
    return settled.ok ? settled.value : { error: settled.error };
  },
  failure: (outcome, playbook, call) => ({ error: playFailure(outcome, playbook, call) }),
};

function resolvedOf(playbook: Playbook, name: string, play: Callable) {
  return definitionControls(play, planOf(play), "play", "playbook", playbook.name, name);
}

/** The envelope's text: the play's own words for it, as its `formatError` shapes them. */
function playFailure(outcome: FailedOutcome, playbook: Playbook, call: FailedCallInfo): string {
  const { name } = outcome;
  if (outcome.kind === "unknown-name") {
    const visible = visibleNames(playbook.plays, "play", "playbook", playbook.name, outcome.ctx);
    const available = visible.join(", ") || "(none)";
    return `unknown play '${clip(name)}' in playbook '${playbook.name}'; available plays: ${available}`;
  }
  if (outcome.kind === "approval-required") return new ApprovalRequiredError(name, "play").message;
  const failure = failureOf(outcome, "play");
  const formatters = call.controls?.formatters ?? [];
  if (formatters.length === 0) return failure.error;
  const shaped = formatted(failure, formatters, { name, args: call.args });
  return shaped.ok ? failure.error : shaped.error;
}

// The host receives JSON; showing the play's caller anything else would be a lie.
export function roundTrip(name: string, value: unknown): CallOutcome {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    return callFailure(
      "unserialisable",
      `play '${name}' returned a value that cannot be serialised to JSON: ${messageOf(error)}`,
      error,
    );
  }
  return { ok: true, value: text === undefined ? null : JSON.parse(text) };
}

class RecordPlaybook extends Playbook {
  readonly name: string;
  readonly description: string;
  readonly plays: Readonly<Record<string, PlayDefinition>>;

  constructor(name: string, description: string, plays: Readonly<Record<string, PlayDefinition>>) {
    super();
    this.name = name;
    this.description = description;
    this.plays = plays;
  }
}

/**
 * Builds a `Playbook` over a record of plays, kept by reference. The result is typed by
 * the record (see {@link TypedPlaybook}): `execute` takes a known name and that play's
 * arguments.
 *
 * @example
 * ```ts
 * const recipes = playbook("recipes", "Named multi-step recipes", { slug_and_span: slugAndSpan });
 * ```
 */
export function playbook<T extends PlayRecord>(
  name: string,
  description: string,
  plays: T,
): TypedPlaybook<T> {
  // The same class for every playbook; only the type knows the record.
  return new RecordPlaybook(name, description, plays) as TypedPlaybook<T>;
}
