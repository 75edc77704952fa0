/**
 * Play definitions: the plain `PlayDefinition` shape and the typed `definePlay`
 * factory. A play is a named recipe a model can run; unlike a tool it receives no
 * context, is never terminal, and fails as data through `Playbook.execute`.
 *
 * @module
 */
import type { AnySchema, SchemaInput, SchemaOutput } from "../zod/schema";
import { factoryExecute, type RawExecute } from "./factory-execute";
import type { MaybePromise, ToolAnnotations } from "./tool-definition";

/**
 * A play: what a model sees and what runs. The name is its key in a playbook's
 * record. Not generic, so concrete Zod types never leak into declaration files.
 */
export interface PlayDefinition {
  /** What the play does, for the model. */
  readonly description: string;
  /** The schema of the arguments; `Playbook.execute` parses them once. */
  readonly parameters: AnySchema;
  /** The schema of the result: metadata on a plain literal, enforced by `definePlay`. */
  readonly returns?: AnySchema;
  /** A hint for how a host UI should render the result. */
  readonly displayType?: string;
  /** What the play does to the world, for hosts and MCP clients. */
  readonly annotations?: ToolAnnotations;
  /** Runs the play on already-parsed arguments. */
  execute(args: unknown): MaybePromise<unknown>;
}

/** The argument of {@link definePlay}. `returns` is required. */
export interface PlayConfig<P extends AnySchema, R extends AnySchema> {
  /** What the play does, for the model. */
  readonly description: string;
  /** The schema of the arguments; `execute` receives its output type. */
  readonly parameters: P;
  /** The schema of the result; required, so that a play always validates its output. */
  readonly returns: R;
  /** Runs the play on arguments the boundary has already parsed. No context. */
  readonly execute: (args: NoInfer<SchemaOutput<P>>) => MaybePromise<NoInfer<SchemaInput<R>>>;
  /** A hint for how a host UI should render the result. */
  readonly displayType?: string;
  /** What the play does to the world, for hosts and MCP clients. */
  readonly annotations?: ToolAnnotations;
  /**
   * Parse the result through `returns` (default `true`). With `false` the callback's
   * value is returned as it is, while `returns` stays for introspection.
   */
  readonly validateReturns?: boolean;
}

/**
 * Defines a play whose arguments are typed by `parameters` and whose result is
 * compile-checked against, and by default parsed through, `returns`.
 *
 * Through `Playbook.execute` a rejected result comes back as
 * `{ error: "play '<name>' output violated its returns schema: …" }`; calling the
 * returned definition's `execute` directly throws the tagged error instead.
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
export function definePlay<P extends AnySchema, R extends AnySchema>(
  config: PlayConfig<P, R>,
): PlayDefinition {
  const { returns, validateReturns = true } = config;
  const run = config.execute as RawExecute;
  return {
    description: config.description,
    parameters: config.parameters,
    returns,
    ...(config.displayType !== undefined && { displayType: config.displayType }),
    ...(config.annotations !== undefined && { annotations: config.annotations }),
    execute: factoryExecute(run, config.parameters, validateReturns ? returns : undefined),
  };
}
