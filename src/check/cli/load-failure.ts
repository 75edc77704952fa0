/**
 * What the CLI says when toolwright itself cannot be loaded.
 *
 * @module
 */
import { messageOf } from "../../core/describe";

/**
 * The readable reason toolwright failed to load. Zod below 3.25 has no `zod/v4/core`, which
 * toolwright imports: that failure names the versions toolwright supports.
 */
export function loadFailure(error: unknown): string {
  const code = codeOf(error);
  const message = messageOf(error);
  const missingCore =
    (code === "ERR_PACKAGE_PATH_NOT_EXPORTED" || code === "ERR_MODULE_NOT_FOUND") &&
    message.includes("zod");
  if (!missingCore) return message;
  return `the installed zod is not supported (${message}); toolwright needs zod ^3.25.28 or ^4: npm i zod@^4`;
}

function codeOf(error: unknown): unknown {
  try {
    return typeof error === "object" && error !== null
      ? (error as { code?: unknown }).code
      : undefined;
  } catch {
    return undefined;
  }
}
