/**
 * Input examples: arguments that show a model what a good call looks like. Each is
 * parsed by `parameters` where it is declared, so an example that the tool would reject
 * fails then, naming the tool and the example, never at a model's call.
 *
 * @module
 */
import { describeIssues, parseSync } from "../zod/parse";
import type { AnySchema } from "../zod/schema";
import { describeValue, messageOf } from "./describe";

/** Longest rendering of an example in an error message. */
const MAX_SHOWN = 200;

/**
 * `examples`, checked: an array of JSON objects, each accepted by `parameters`. Throws a
 * `TypeError` naming `owner` and the first example that is not. A schema that only parses
 * asynchronously is not checked here: it would need a promise at definition time.
 */
export function checkExamples(
  owner: string,
  parameters: AnySchema,
  examples: unknown,
): readonly Readonly<Record<string, unknown>>[] {
  if (!Array.isArray(examples)) {
    throw new TypeError(
      `${owner}: examples must be an array of arguments, received ${describeValue(examples)}`,
    );
  }
  for (const [index, example] of examples.entries())
    checkExample(owner, parameters, example, index);
  return examples;
}

function checkExample(owner: string, parameters: AnySchema, example: unknown, index: number): void {
  const label = `${owner}: example ${index + 1}`;
  const text = jsonOf(example);
  if (
    text === undefined ||
    typeof example !== "object" ||
    example === null ||
    Array.isArray(example)
  ) {
    throw new TypeError(
      `${label} must be an object of arguments that JSON can carry, received ${describeValue(example)}`,
    );
  }
  let parsed: ReturnType<typeof parseSync>;
  try {
    parsed = parseSync(parameters, example);
  } catch (error) {
    if (/async|promise/i.test(messageOf(error))) return;
    throw new TypeError(
      `${label} ${clip(text)} could not be parsed by parameters: ${messageOf(error)}`,
      { cause: error },
    );
  }
  if (!parsed.success) {
    throw new TypeError(
      `${label} ${clip(text)} does not match parameters: ${describeIssues(parsed.error.issues)}`,
      { cause: parsed.error },
    );
  }
}

function jsonOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

function clip(text: string): string {
  return text.length <= MAX_SHOWN ? text : `${text.slice(0, MAX_SHOWN - 1)}…`;
}

/** How a factory names a definition that has no name yet: by its description. */
export function definitionLabel(factory: string, description: unknown): string {
  const text = typeof description === "string" ? description : "";
  const short = text.length > 40 ? `${text.slice(0, 39)}…` : text;
  return `${factory} (${JSON.stringify(short)})`;
}
