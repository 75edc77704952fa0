/**
 * The checks both token verifiers make of their options, each a `TypeError` that names
 * the verifier and the option: unknown names, the audience, an http(s) URL, `onRefused`.
 *
 * @module
 */
import { describeValue } from "../../core/describe";
import { httpUrl } from "./jwks-discovery";
import type { TokenRefusal } from "./jwt-verifier";

/** The shared checks, naming `verifier` in every message. */
export interface OptionChecks {
  refuse(message: string): never;
  /** `options` as a record holding only `names`; `needs` says what it must hold. */
  given(options: unknown, names: readonly string[], needs: string): Record<string, unknown>;
  /** The audience as a frozen list; `holder` says whose `aud` must hold it. */
  audience(value: unknown, holder: string): readonly string[];
  /** An http(s) URL given as a string or a URL. */
  url(name: string, value: unknown): URL;
  onRefused(value: unknown): ((refusal: TokenRefusal) => unknown) | undefined;
}

/** The checks of one verifier's options. */
export function optionChecks(verifier: string): OptionChecks {
  const refuse = (message: string): never => {
    throw new TypeError(`${verifier}: ${message}`);
  };
  return {
    refuse,
    given(options, names, needs) {
      if (typeof options !== "object" || options === null) {
        refuse(`options must be an object with ${needs}, received ${describeValue(options)}`);
      }
      const given = options as Record<string, unknown>;
      const unknown = Object.keys(given).filter((name) => !names.includes(name));
      if (unknown.length > 0) {
        refuse(`unknown option ${unknown.join(", ")}: the options are ${names.join(", ")}`);
      }
      return given;
    },
    audience(value, holder) {
      const list = typeof value === "string" ? [value] : value;
      const valid =
        Array.isArray(list) &&
        list.length > 0 &&
        list.every((entry) => typeof entry === "string" && entry !== "");
      if (!valid) {
        refuse(
          `audience is required: this server's resource identifier (or a non-empty array of them) that ${holder} must hold, received ${describeValue(value)}`,
        );
      }
      return Object.freeze([...(list as string[])]);
    },
    url(name, value) {
      const url = typeof value === "string" || value instanceof URL ? httpUrl(value) : undefined;
      return (
        url ??
        refuse(
          `${name} must be an http(s) URL (a string or a URL), received ${describeValue(value)}`,
        )
      );
    },
    onRefused(value) {
      if (value === undefined || typeof value === "function") {
        return value as ((refusal: TokenRefusal) => unknown) | undefined;
      }
      return refuse(`onRefused must be a function, received ${describeValue(value)}`);
    },
  };
}
