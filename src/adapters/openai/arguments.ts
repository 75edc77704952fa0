/**
 * The arguments of an OpenAI function call, decoded: the JSON string OpenAI sends parsed
 * (or an already-parsed value taken as it is), and, for a tool sent strict, each `null`
 * the model sent for an optional property removed, so that the tool's own schema sees it
 * absent.
 *
 * @module
 */

import { StrictSchemaError } from "toolwright";
import { callFailure } from "../../call/outcome";
import { messageOf } from "../../core/describe";
import type { ToolSet } from "../../set/types";
import type { DecodedCall } from "../contract";
import type { OpenAIToolOptions } from "./functions";
import { strictRestore } from "./strict";

export function decodeArguments(
  set: ToolSet,
  name: string,
  args: unknown,
  options: OpenAIToolOptions = {},
): DecodedCall {
  let parsed = args;
  if (typeof args === "string") {
    try {
      parsed = args.trim() === "" ? {} : JSON.parse(args);
    } catch (error) {
      const text = `tool '${name}' received arguments that are not valid JSON: ${messageOf(error)}`;
      return { name, failure: callFailure("invalid-arguments", text, error) };
    }
  }
  const entry = set.get(name, options.ctx);
  const strict = options.strict ?? false;
  // A deferred tool listed by the catalog was sent non-strict: its nulls are the model's own.
  const listed = entry?.deferred === true && options.deferLoading !== "native";
  if (strict === false || entry === undefined || listed) return { name, args: parsed };
  try {
    return { name, args: strictRestore(name, entry.parameters)(parsed) };
  } catch (error) {
    // Under "auto" a tool that cannot be strict was sent non-strict: nothing to restore.
    if (strict === "auto" && error instanceof StrictSchemaError) return { name, args: parsed };
    return { name, failure: callFailure("invalid-arguments", messageOf(error), error) };
  }
}
