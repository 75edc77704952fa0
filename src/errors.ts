/**
 * The named errors raised at the toolbox boundary. Each names the tool and keeps
 * the original error (usually a `ZodError`) as `cause`.
 *
 * @module
 */
import type { SchemaIssue } from "./zod-seam";

/** The arguments a host passed to a tool failed its `parameters` schema. */
export class ToolArgumentsError extends Error {
  override readonly name = "ToolArgumentsError";
  /** The tool whose `parameters` rejected the arguments. */
  readonly tool: string;
  /** Zod's issues, as the `ZodError` in `cause` reports them. */
  readonly issues: readonly SchemaIssue[];

  constructor(tool: string, detail: string, cause: Error & { issues: readonly SchemaIssue[] }) {
    super(`tool '${tool}' received invalid arguments: ${detail}`, { cause });
    this.tool = tool;
    this.issues = cause.issues;
  }
}

/** A `defineTool` tool returned a value its `returns` schema rejected. */
export class ToolOutputError extends Error {
  override readonly name = "ToolOutputError";
  /** The tool whose output violated its `returns` schema. */
  readonly tool: string;
  /** Zod's issues, as the `ZodError` in `cause` reports them. */
  readonly issues: readonly SchemaIssue[];

  constructor(tool: string, detail: string, cause: Error & { issues: readonly SchemaIssue[] }) {
    super(`tool '${tool}' output violated its returns schema: ${detail}`, { cause });
    this.tool = tool;
    this.issues = cause.issues;
  }
}

/** A host asked a toolbox for a tool it does not hold. */
export class UnknownToolError extends Error {
  override readonly name = "UnknownToolError";
  /** The name that was asked for. */
  readonly tool: string;
  /** The names the toolbox does hold, sorted. */
  readonly available: readonly string[];

  constructor(tool: string, owner: string, available: readonly string[]) {
    const listed = available.length > 0 ? available.join(", ") : "(none)";
    super(`unknown tool '${tool}' in toolbox '${owner}'; available tools: ${listed}`);
    this.tool = tool;
    this.available = available;
  }
}

/** The readable message of anything thrown: an error's `message`, or the value as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
