/**
 * Play definitions: the plain `PlayDefinition` shape and the typed `definePlay`
 * factory. A play is a named recipe a model can run; unlike a tool it receives no
 * context, is never terminal, and fails as data through `Playbook.execute`.
 *
 * @module
 */

import { type CallControls, checkControlPlacement } from "../call/controls";
import { streamingRun } from "../call/partials";
import { parametersSchema } from "../zod/raw-shape";
import type { AnySchema, RawShape, SchemaInput, SchemaOutput } from "../zod/schema";
import type { CallTypes, Typed } from "./call-types";
import { factoryExecute, type RawExecute } from "./factory-execute";
import { checkExamples, definitionLabel } from "./input-examples";
import type { ModelOutput } from "./model-output";
import {
  type MaybePromise,
  modelOutputOf,
  type NoReturns,
  type ObjectSchemaOrRawShape,
  type ResultHint,
  type StreamedResultHint,
  type ToolAnnotations,
  type ToolExecution,
  type ToolStream,
} from "./tool-definition";

/**
 * A play: what a model sees and what runs. The name is its key in a playbook's
 * record. Not generic, so concrete Zod types never leak into declaration files.
 */
export interface PlayDefinition {
  /** A name for people: an MCP listing's `title` (see `ToolDefinition`). */
  readonly title?: string;
  /** What the play does, for the model. */
  readonly description: string;
  /** The schema of the arguments, or a raw shape of them; `Playbook.execute` parses them once. */
  readonly parameters: AnySchema | RawShape;
  /** The schema of the result: metadata on a plain literal, enforced by `definePlay`. */
  readonly returns?: AnySchema;
  /** The schema of each partial value a streaming play yields, enforced by `definePlay`. */
  readonly partial?: AnySchema;
  /** What a model reads of a result, when more than JSON (see `ToolDefinition`). */
  toModelOutput?(result: unknown): ModelOutput;
  /** A hint for how a host UI should render the result. */
  readonly displayType?: string;
  /** What the play does to the world, for hosts and MCP clients. */
  readonly annotations?: ToolAnnotations;
  /** How an MCP client may run it, listed as its MCP `execution` (see `ToolExecution`). */
  readonly execution?: ToolExecution;
  /** Arguments that show a model a good call, each accepted by `parameters` (see `ToolDefinition`). */
  readonly examples?: readonly Readonly<Record<string, unknown>>[];
  /** Approval, a time limit, strict inputs and failure texts (see `CallControls`). */
  readonly controls?: CallControls;
  /** Runs the play on already-parsed arguments. Only `definePlay` streams (see `ToolDefinition`). */
  execute(args: unknown): MaybePromise<unknown>;
}

/**
 * A play that carries its call types: what `Playbook.execute` accepts for it (the input
 * type of `parameters`) and resolves to on success (the output type of `returns`).
 * `definePlay` builds one; a hand-written `PlayDefinition` is a `Play<unknown, unknown>`.
 */
export interface Play<Args = unknown, Result = unknown>
  extends PlayDefinition,
    Typed<Args, Result> {}

/**
 * The argument of {@link definePlay}. `returns` is required. `O`, what `execute`
 * returns, is inferred as in `ToolConfig`, so literals keep their literal types; so is
 * `Y`, what a streaming `execute` yields, checked against the input type of `partial`.
 */
export interface PlayConfig<
  P extends ObjectSchemaOrRawShape,
  R extends AnySchema,
  O = SchemaInput<R>,
  Q extends AnySchema = NoReturns,
  Y = SchemaInput<Q>,
> {
  /** What the play does, for the model. */
  readonly description: string;
  /** The schema of the arguments, an object or a raw shape (see `ToolConfig`); `execute` receives its output type. */
  readonly parameters: P;
  /** The schema of the result; required, so that a play always validates its output. */
  readonly returns: R;
  /**
   * The schema of each partial value a streaming `execute` yields. A play gets no
   * context, so its partials reach no listener: they are only checked.
   */
  readonly partial?: Q;
  /**
   * Runs the play on arguments the boundary has already parsed. No context. As an async
   * generator function it streams, as a tool's does (see `defineTool`).
   */
  readonly execute: (
    args: NoInfer<SchemaOutput<P>>,
  ) => MaybePromise<O> | ToolStream<Y, O & StreamedResultHint>;
  /** What a model reads of a result (the output type of `returns`), when more than JSON. */
  readonly toModelOutput?: (result: NoInfer<SchemaOutput<R>>) => ModelOutput;
  /** A hint for how a host UI should render the result. */
  readonly displayType?: string;
  /** What the play does to the world, for hosts and MCP clients. */
  readonly annotations?: ToolAnnotations;
  /** How an MCP client may run it, listed as its MCP `execution` (see `ToolExecution`). */
  readonly execution?: ToolExecution;
  /**
   * Parse the result through `returns` (default `true`). With `false` the callback's
   * value is returned as it is, while `returns` stays for introspection.
   */
  readonly validateReturns?: boolean;
  /**
   * Approval before it runs (as the parsed arguments decide, when a function), a time
   * limit, strict inputs, and what a model reads of a failure (see `CallControls`).
   */
  readonly controls?: CallControls<NoInfer<SchemaOutput<P>>>;
  /** Arguments that show a model a good call; each is parsed by `parameters` here (see `defineTool`). */
  readonly examples?: readonly NoInfer<SchemaInput<P>>[];
}

/**
 * Defines a play whose arguments are typed by `parameters` and whose result is
 * compile-checked against, and by default parsed through, `returns`.
 *
 * Through `Playbook.execute` a rejected result comes back as
 * `{ error: "play '<name>' output violated its returns schema: …" }`; calling the
 * returned definition's `execute` directly throws the tagged error instead. The result
 * is a {@link Play}, so that `playbook()` can type `execute` by name.
 *
 * @example
 * ```ts
 * const slug = definePlay({
 *   description: "Slugify a title",
 *   parameters: z.object({ title: z.string() }),
 *   returns: z.object({ slug: z.string() }),
 *   execute: async ({ title }) => ({ slug: title.toLowerCase().replace(/\W+/g, "-") }),
 * });
 * ```
 */
export function definePlay<
  P extends ObjectSchemaOrRawShape,
  R extends AnySchema,
  const O extends SchemaInput<R> & ResultHint,
  Q extends AnySchema = NoReturns,
  const Y extends SchemaInput<Q> & StreamedResultHint = never,
>(
  config: PlayConfig<P, R, O, Q, Y>,
  // Spelled out rather than `Play<…>`, for the reason `defineTool` gives.
): PlayDefinition & { readonly "~types"?: CallTypes<SchemaInput<P>, SchemaOutput<R>> } {
  const { returns, partial, validateReturns = true } = config;
  const run = streamingRun(config.execute as RawExecute, partial, "definePlay");
  const parameters = parametersSchema(config.parameters);
  checkControlPlacement(config, "definePlay");
  const controls = config.controls as CallControls | undefined;
  return {
    description: config.description,
    parameters,
    returns,
    ...(partial !== undefined && { partial }),
    ...modelOutputOf(config.toModelOutput, "definePlay"),
    ...(config.displayType !== undefined && { displayType: config.displayType }),
    ...(config.annotations !== undefined && { annotations: config.annotations }),
    ...(config.execution !== undefined && { execution: config.execution }),
    ...(controls !== undefined && { controls }),
    ...(config.examples !== undefined && {
      examples: checkExamples(
        definitionLabel("definePlay", config.description),
        parameters,
        config.examples,
      ) as readonly Readonly<Record<string, unknown>>[],
    }),
    execute: factoryExecute(
      "play",
      "definePlay",
      run,
      parameters,
      returns,
      validateReturns,
      controls,
    ),
  };
}
