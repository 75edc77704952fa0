import { expectAssignable, expectError, expectType } from "tsd";
import {
  type JwtVerifier,
  jwtVerifier,
  type McpPrincipal,
  type TokenRefusal,
  type TokenRefusalCode,
} from "../../dist/mcp";

// issuer and audience are required; audience is one identifier or several.
const verifier = jwtVerifier({ issuer: "https://auth.test", audience: "https://notes.test/mcp" });
expectType<JwtVerifier>(verifier);
jwtVerifier({
  issuer: "https://auth.test",
  audience: ["https://notes.test/mcp", "https://notes.test/other"] as const,
  jwksUrl: new URL("https://auth.test/jwks"),
  algorithms: ["ES256", "EdDSA"],
  clockToleranceSec: 30,
  onRefused: (refusal) => {
    expectType<TokenRefusalCode>(refusal.code);
    expectType<string>(refusal.reason);
  },
});
expectError(jwtVerifier({ audience: "https://notes.test/mcp" }));
expectError(jwtVerifier({ issuer: "https://auth.test" }));
expectError(jwtVerifier({ issuer: "https://auth.test", audience: 7 }));
expectError(jwtVerifier({ issuer: "https://auth.test", audience: "a", audiences: ["a"] }));

// verify resolves a principal, or undefined for a refused token.
expectType<Promise<McpPrincipal | undefined>>(verifier.verify("token"));
const principal = {} as McpPrincipal;
expectType<string>(principal.subject);
expectType<readonly string[]>(principal.scopes);
expectType<Readonly<Record<string, unknown>>>(principal.claims);
expectError(principal.scopes.push("x"));

// The refusal codes are a closed set.
expectAssignable<TokenRefusal>({ code: "expired", reason: "its exp is past" });
expectError<TokenRefusal>({ code: "revoked", reason: "no such code" });
