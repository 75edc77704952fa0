/**
 * `TypedToolbox`: what `toolbox()` returns, a `Toolbox` that knows its record, so that
 * `execute` takes only a known name, with the arguments and result of that tool.
 *
 * @module
 */
import type { ArgsOf, ResultOf } from "./call-types";
import type { ToolDefinition, ToolExecutionContext } from "./tool-definition";
import type { Toolbox } from "./toolbox";

/** The tools of a toolbox, keyed by name. */
export type ToolRecord = Readonly<Record<string, ToolDefinition>>;

/**
 * A `Toolbox` over the record `T`, as `toolbox()` builds it: the same class at run time
 * (`instanceof Toolbox` holds), typed by name. A `defineTool` tool's arguments are the
 * input type of its `parameters` and its result the output type of its `returns`
 * (`unknown` without one); a hand-written `ToolDefinition` takes and returns `unknown`.
 *
 * @example
 * ```ts
 * const meetingTools = toolbox("meetings", "Meeting management tools", { list_meetings });
 * const { meetings } = await meetingTools.execute("list_meetings", { day: "2026-12-01" });
 * ```
 */
export interface TypedToolbox<T extends ToolRecord> extends Toolbox {
  /** The tools, keyed by name: the record given to `toolbox()`. */
  readonly tools: T;
  /**
   * Calls a tool by name: `args` is parsed through its `parameters` exactly once, and
   * every boundary failure names the tool (see `Toolbox.execute`).
   */
  execute<K extends keyof T & string>(
    name: K,
    args: ArgsOf<T[K]>,
    ctx?: ToolExecutionContext,
  ): Promise<ResultOf<T[K]>>;
}
