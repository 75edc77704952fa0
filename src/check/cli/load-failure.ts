/**
 * What the CLI says when toolwright itself cannot be loaded, or cannot work with the
 * installed zod.
 *
 * @module
 */
import { createRequire } from "node:module";
import { messageOf } from "../../core/describe";
import { readRegularFile } from "./read-regular-file";

/** The zod versions toolwright supports, as the messages name them. */
const SUPPORTED = "zod ^3.23.0 or ^4";

/**
 * The readable reason toolwright failed to load. A zod that cannot be found (not
 * installed, or a path of it that is missing) names the versions toolwright supports.
 */
export function loadFailure(error: unknown): string {
  const code = codeOf(error);
  const message = messageOf(error);
  const missingZod =
    (code === "ERR_PACKAGE_PATH_NOT_EXPORTED" || code === "ERR_MODULE_NOT_FOUND") &&
    message.includes("zod");
  if (!missingZod) return message;
  return `the installed zod is not supported (${message}); toolwright needs ${SUPPORTED}: npm i zod@^4`;
}

/**
 * Why the zod that toolwright (the package holding `script`) resolves cannot be used, or
 * `undefined` when it can, or when no zod is found (loading toolwright then says so). zod
 * before 3.23 is refused by its version: toolwright and its tests start at 3.23.
 */
export function unsupportedZod(script: string): string | undefined {
  const version = installedZodVersion(script);
  if (version === undefined) return undefined;
  const [major = 0, minor = 0] = version.split(".").map(Number);
  if (major > 3 || (major === 3 && minor >= 23)) return undefined;
  return `the installed zod ${version} is not supported; toolwright needs ${SUPPORTED}: npm i zod@^4`;
}

function installedZodVersion(script: string): string | undefined {
  try {
    const manifest = createRequire(script).resolve("zod/package.json");
    const { version } = JSON.parse(readRegularFile(manifest)) as { version?: unknown };
    return typeof version === "string" ? version : undefined;
  } catch {
    return undefined;
  }
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
