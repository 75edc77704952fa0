/**
 * The checks `jwtVerifier` makes of its options when it is built: every one wrong is a
 * `TypeError` naming it and the fix, so that a verifier never runs on a setting that
 * would accept what it should refuse (no audience, a symmetric algorithm, `none`).
 *
 * @module
 */
import { describeValue } from "../../core/describe";
import { httpUrl } from "./jwks-discovery";
import type { TokenRefusal } from "./jwt-verifier";
import { optionChecks } from "./verifier-options";

/**
 * The algorithms a verifier accepts unless told fewer: the asymmetric JWS algorithms
 * only, so a public key can never be used as an HMAC secret (algorithm confusion).
 */
export const ASYMMETRIC_ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
] as const;

const OPTION_NAMES = [
  "issuer",
  "audience",
  "jwksUrl",
  "algorithms",
  "clockToleranceSec",
  "onRefused",
];

/** The options as checked: what the verifier runs on. */
export interface CheckedOptions {
  readonly issuer: string;
  readonly audience: readonly string[];
  readonly jwksUrl: URL | undefined;
  readonly algorithms: readonly string[];
  readonly clockToleranceSec: number;
  readonly onRefused: ((refusal: TokenRefusal) => unknown) | undefined;
}

const checks = optionChecks("jwtVerifier");
// A declaration, so that the checker narrows after it as after a throw.
function refuse(message: string): never {
  return checks.refuse(message);
}

/** `options` checked, or a `TypeError` naming the first option that is wrong. */
export function checkOptions(options: unknown): CheckedOptions {
  const given = checks.given(options, OPTION_NAMES, "issuer and audience");
  const jwksUrl = given.jwksUrl === undefined ? undefined : checks.url("jwksUrl", given.jwksUrl);
  return {
    issuer: checkIssuer(given.issuer, jwksUrl === undefined),
    audience: checks.audience(given.audience, "its tokens' aud claim"),
    jwksUrl,
    algorithms: checkAlgorithms(given.algorithms),
    clockToleranceSec: checkTolerance(given.clockToleranceSec),
    onRefused: checks.onRefused(given.onRefused),
  };
}

function checkIssuer(issuer: unknown, discovers: boolean): string {
  if (typeof issuer !== "string" || issuer === "") {
    refuse(
      `issuer is required: the authorization server's issuer identifier, exactly as its tokens' iss claim has it, received ${describeValue(issuer)}`,
    );
  }
  if (discovers && httpUrl(issuer) === undefined) {
    refuse(
      `issuer must be an http(s) URL to discover its keys from its metadata (or pass jwksUrl), received ${describeValue(issuer)}`,
    );
  }
  return issuer;
}

function checkAlgorithms(algorithms: unknown): readonly string[] {
  if (algorithms === undefined) return ASYMMETRIC_ALGORITHMS;
  if (!Array.isArray(algorithms) || algorithms.length === 0) {
    refuse(
      `algorithms must be a non-empty array of ${ASYMMETRIC_ALGORITHMS.join(", ")}, received ${describeValue(algorithms)}`,
    );
  }
  for (const algorithm of algorithms) {
    if (typeof algorithm === "string" && /^HS\d+$/i.test(algorithm)) {
      refuse(
        `algorithms must not hold ${algorithm}: a symmetric algorithm lets anyone who has the key sign tokens, and a public key is no secret; use ${ASYMMETRIC_ALGORITHMS.join(", ")}`,
      );
    }
    if (!(ASYMMETRIC_ALGORITHMS as readonly unknown[]).includes(algorithm)) {
      refuse(
        `algorithms must hold only ${ASYMMETRIC_ALGORITHMS.join(", ")}, received ${describeValue(algorithm)}`,
      );
    }
  }
  return Object.freeze([...new Set(algorithms as string[])]);
}

function checkTolerance(tolerance: unknown): number {
  if (tolerance === undefined) return 0;
  if (typeof tolerance !== "number" || !Number.isFinite(tolerance) || tolerance < 0) {
    refuse(
      `clockToleranceSec must be a finite number of seconds, 0 or more, received ${describeValue(tolerance)}`,
    );
  }
  return tolerance;
}
