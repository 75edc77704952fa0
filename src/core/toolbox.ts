/**
 * The `Toolbox` class, the boundary where a host calls a tool, and the `toolbox()`
 * factory that builds one from a record.
 *
 * @module
 */
import type { Container, FailedOutcome } from "../call/call";
import { definitionControls, visibleNames } from "../call/definition-controls";
import { unknownArgumentsText } from "../call/failure-text";
import { runCall } from "../call/pipeline";
import type { JsonSchema, JsonSchemaTarget } from "../zod/json-schema";
import type { SchemaError } from "../zod/schema";
import { isInstance } from "./brand";
import {
  ApprovalRequiredError,
  ToolArgumentsError,
  ToolForbiddenError,
  ToolOutputError,
  UnknownToolError,
} from "./errors";
import { planOf } from "./factory-execute";
import { projectParameters, projectReturns } from "./projection";
import type { ToolAnnotations, ToolDefinition, ToolExecutionContext } from "./tool-definition";
import type { ToolRecord, TypedToolbox } from "./typed-toolbox";

/** What a model is shown of one tool. */
export interface ToolSchema {
  /** The tool's name: its key in the record. */
  readonly name: string;
  /** What the tool does. */
  readonly description: string;
  /** JSON Schema of the arguments (input side), `type: "object"` at the root. */
  readonly parameters: JsonSchema;
  /** JSON Schema of the result (output side), when the tool declares `returns`. */
  readonly returns?: JsonSchema;
  /** Calling this tool ends the run. */
  readonly terminal?: boolean;
  /** A hint for how a host UI should render the result. */
  readonly displayType?: string;
  /** What the tool does to the world. */
  readonly annotations?: ToolAnnotations;
}

/**
 * A named set of tools and the boundary a host calls them through. Subclass it, or
 * build one with {@link toolbox}.
 *
 * @example
 * ```ts
 * class MeetingToolbox extends Toolbox {
 *   readonly name = "meetings";
 *   readonly description = "Meeting management tools";
 *   readonly tools = { list_meetings: listMeetings };
 * }
 * ```
 */
export abstract class Toolbox {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "Toolbox");
  }

  /** The mark every copy of toolwright gives a `Toolbox` (see `brand.ts`). */
  get "~toolwright.Toolbox"(): true {
    return true;
  }

  /** The toolbox's name. */
  abstract readonly name: string;
  /** What the toolbox is for. */
  abstract readonly description: string;
  /** The tools, keyed by name. */
  abstract readonly tools: Readonly<Record<string, ToolDefinition>>;

  /** The names of the tools, in record order. */
  getToolNames(): string[] {
    return Object.keys(this.tools);
  }

  /**
   * What a model is shown of each tool, with JSON Schema in the given dialect (under strict
   * inputs, the closed form of `parameters`).
   */
  getToolSchemas(target: JsonSchemaTarget = "draft-07"): ToolSchema[] {
    return Object.entries(this.tools).map(([name, tool]) => ({
      name,
      description: tool.description,
      parameters: projectParameters(name, shownParameters(this, name, tool), target),
      ...(tool.returns !== undefined && { returns: projectReturns(name, tool.returns, target) }),
      ...(tool.terminal !== undefined && { terminal: tool.terminal }),
      ...(tool.displayType !== undefined && { displayType: tool.displayType }),
      ...(tool.annotations !== undefined && { annotations: tool.annotations }),
    }));
  }

  /**
   * Calls a tool: parses `args` through its `parameters` exactly once, runs it, and
   * names every failure after the tool. The tool's `controls` hold here too: its time
   * limit and strict inputs, and a call that needs approval fails closed (only a tool set
   * can ask for it). When `ctx.signal` aborts, the call rejects at once with its reason.
   *
   * @throws {UnknownToolError} no tool of that name; the message lists the names there are.
   * @throws {ToolArgumentsError} `args` failed `parameters`, or held a key a strict tool does
   * not declare; a `ZodError` is the `cause`.
   * @throws {ToolOutputError} a `defineTool` tool's result failed `returns`.
   * @throws {ToolTimeoutError} the call ran past its `timeoutMs`.
   * @throws {ApprovalRequiredError} the call needs approval; it did not run.
   * Any other error from the tool's `execute` passes through as it is.
   */
  execute(name: string, args: unknown, ctx?: ToolExecutionContext): Promise<unknown> {
    return runCall(throwingSite, this, name, args, ctx);
  }
}

/**
 * The named error for a failed outcome, as `Toolbox.execute` throws it; a value thrown
 * by the tool itself, and a signal's abort reason, come back as they are.
 */
function toolboxError(outcome: FailedOutcome, toolbox: Toolbox): unknown {
  switch (outcome.kind) {
    case "unknown-name":
      return new UnknownToolError(
        outcome.name,
        toolbox.name,
        visibleNames(toolbox.tools, "tool", "toolbox", toolbox.name, outcome.ctx),
      );
    case "invalid-arguments":
      return new ToolArgumentsError(outcome.name, outcome.detail, outcome.error, outcome.issues);
    case "unknown-arguments": {
      const issues = outcome.keys.map((key) => ({ path: [key], message: "not an argument" }));
      const detail = outcome.keys.map((key) => `${key}: not an argument`).join("; ");
      const message = unknownArgumentsText("tool", outcome);
      return new ToolArgumentsError(outcome.name, detail, undefined, issues, message);
    }
    case "invalid-output":
      return new ToolOutputError(outcome.name, outcome.detail, outcome.error as SchemaError);
    case "thrown":
    case "timeout":
      return outcome.error;
    case "cancelled":
      return outcome.reason;
    case "worded": // only a tool set words a failure this way, for a toolbox's own execute
      return outcome.failure.cause;
    case "approval-required":
      return new ApprovalRequiredError(outcome.name);
    case "forbidden":
      return new ToolForbiddenError(outcome.name, outcome.missing, outcome.required);
    default:
      return outcome satisfies never;
  }
}

const throwingSite: Container<Toolbox, unknown> = {
  callables: (toolbox) => toolbox.tools,
  controls: (toolbox, name, tool, plan) =>
    definitionControls(tool, plan, "tool", "toolbox", toolbox.name, name).controls,
  value: (value) => value,
  failure: (outcome, toolbox) => {
    throw toolboxError(outcome, toolbox);
  },
};

// Under strict inputs a model is shown the closed form of the parameters.
function shownParameters(toolbox: Toolbox, name: string, tool: ToolDefinition) {
  return definitionControls(tool, planOf(tool), "tool", "toolbox", toolbox.name, name).shown;
}

class RecordToolbox extends Toolbox {
  readonly name: string;
  readonly description: string;
  readonly tools: Readonly<Record<string, ToolDefinition>>;

  constructor(name: string, description: string, tools: Readonly<Record<string, ToolDefinition>>) {
    super();
    this.name = name;
    this.description = description;
    this.tools = tools;
  }
}

/**
 * Builds a `Toolbox` over a record of tools, kept by reference. Factory-built and
 * hand-written tools may share the record. The result is typed by the record (see
 * {@link TypedToolbox}): `execute` takes a known name and that tool's arguments.
 *
 * @example
 * ```ts
 * const meetingTools = toolbox("meetings", "Meeting management tools", {
 *   list_meetings: listMeetings,
 * });
 * meetingTools instanceof Toolbox; // true
 * ```
 */
export function toolbox<T extends ToolRecord>(
  name: string,
  description: string,
  tools: T,
): TypedToolbox<T> {
  // The same class for every toolbox; only the type knows the record.
  return new RecordToolbox(name, description, tools) as TypedToolbox<T>;
}
