/**
 * The checks `introspectionVerifier` makes of its options when it is built: every one
 * wrong is a `TypeError` naming it and the fix, so that a verifier never runs on a
 * setting that would accept what it should refuse (no audience, no client credentials,
 * no endpoint or two of them).
 *
 * @module
 */
import { describeValue } from "../../core/describe";
import { httpUrl } from "./jwks-discovery";
import type { TokenRefusal } from "./jwt-verifier";
import { optionChecks } from "./verifier-options";

const OPTION_NAMES = [
  "endpoint",
  "issuer",
  "clientId",
  "clientSecret",
  "audience",
  "cacheMs",
  "timeoutMs",
  "onRefused",
];

/** How long an answer is kept unless told otherwise. */
export const DEFAULT_CACHE_MS = 30_000;
/** How long one introspection request may take unless told otherwise. */
export const DEFAULT_TIMEOUT_MS = 5_000;

/** The options as checked: what the verifier runs on. */
export interface CheckedIntrospectionOptions {
  /** Where to ask, when given; else found from `issuer`'s metadata. */
  readonly endpoint: URL | undefined;
  readonly issuer: string | undefined;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly audience: readonly string[];
  readonly cacheMs: number;
  readonly timeoutMs: number;
  readonly onRefused: ((refusal: TokenRefusal) => unknown) | undefined;
}

const checks = optionChecks("introspectionVerifier");
// A declaration, so that the checker narrows after it as after a throw.
function refuse(message: string): never {
  return checks.refuse(message);
}

/** `options` checked, or a `TypeError` naming the first option that is wrong. */
export function checkIntrospectionOptions(options: unknown): CheckedIntrospectionOptions {
  const given = checks.given(
    options,
    OPTION_NAMES,
    "endpoint or issuer, clientId, clientSecret and audience",
  );
  const { endpoint, issuer } = checkWhere(given.endpoint, given.issuer);
  return {
    endpoint,
    issuer,
    clientId: checkCredential("clientId", given.clientId, "its client identifier"),
    clientSecret: checkCredential("clientSecret", given.clientSecret, "its client secret"),
    audience: checks.audience(given.audience, "an introspected token's aud"),
    cacheMs: checkMs("cacheMs", given.cacheMs, DEFAULT_CACHE_MS, 0),
    timeoutMs: checkMs("timeoutMs", given.timeoutMs, DEFAULT_TIMEOUT_MS, 1),
    onRefused: checks.onRefused(given.onRefused),
  };
}

function checkWhere(
  endpoint: unknown,
  issuer: unknown,
): { endpoint: URL | undefined; issuer: string | undefined } {
  if (endpoint !== undefined && issuer !== undefined) {
    refuse(
      "endpoint and issuer are exclusive: pass endpoint (the introspection endpoint) or issuer (whose metadata names it), not both",
    );
  }
  if (endpoint !== undefined)
    return { endpoint: checks.url("endpoint", endpoint), issuer: undefined };
  if (issuer === undefined) {
    refuse(
      "endpoint or issuer is required: the introspection endpoint, or the authorization server's issuer identifier whose metadata names its introspection_endpoint",
    );
  }
  if (typeof issuer !== "string" || httpUrl(issuer) === undefined) {
    refuse(
      `issuer must be an http(s) URL to discover the introspection endpoint from its metadata (or pass endpoint), received ${describeValue(issuer)}`,
    );
  }
  return { endpoint: undefined, issuer };
}

function checkCredential(name: string, value: unknown, what: string): string {
  if (typeof value !== "string" || value === "") {
    refuse(
      `${name} is required: ${what} at the authorization server, a non-empty string, received ${value === "" ? "an empty string" : describeValue(value)}`,
    );
  }
  return value;
}

function checkMs(name: string, value: unknown, fallback: number, least: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value < least) {
    refuse(
      `${name} must be a finite number of milliseconds, ${least} or more, received ${describeValue(value)}`,
    );
  }
  return value;
}
