/**
 * Input examples folded into a description, for providers with no field of their own for
 * them (OpenAI, Gemini, MCP): the description, then one line of JSON per example.
 *
 * @module
 */

/**
 * `description` followed by `examples` as JSON lines under a heading, or `description` as
 * it is when there are none.
 *
 * @example
 * ```ts
 * describeWithExamples("List meetings", [{ day: "2025-06-01" }]);
 * // List meetings
 * //
 * // Examples of valid arguments:
 * // {"day":"2025-06-01"}
 * ```
 */
export function describeWithExamples(
  description: string,
  examples: readonly unknown[] | undefined,
): string {
  if (examples === undefined || examples.length === 0) return description;
  const lines = examples.map((example) => JSON.stringify(example));
  return `${description}\n\nExamples of valid arguments:\n${lines.join("\n")}`;
}
