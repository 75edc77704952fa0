/**
 * `jwtVerifier` against a real authorization server (oidc-provider on loopback, see
 * authorization-server.ts): its tokens verify to `{ subject, scopes, claims }`, with the
 * keys found from its metadata or at a given `jwksUrl`; hostile tokens are each refused
 * by their code, with a reason that never holds the token; a key rotation is picked up
 * and an unknown key refetched no more often than jose's cooldown allows; a discovery
 * failure is a refusal tried again later; bad options are refused by name.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  CompactSign,
  type CryptoKey,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  importJWK,
  type JWK,
  type JWTPayload,
  SignJWT,
} from "jose";
import { type JwtVerifierOptions, jwtVerifier, type TokenRefusal } from "toolwright/mcp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type AuthorizationServer,
  type SigningKey,
  startAuthorizationServer,
} from "./authorization-server";

/** This server's resource identifier: only ever a string compared, never fetched. */
const RESOURCE = "http://127.0.0.1:8931/mcp";
const OTHER_RESOURCE = "http://127.0.0.1:8932/mcp";

let server: AuthorizationServer;

beforeAll(async () => {
  server = await startAuthorizationServer({ scopes: ["notes:read", "notes:write"] });
});

afterAll(async () => {
  await server?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A verifier of `server`'s tokens for RESOURCE, and the refusals it reported. */
function verifierOf(options: Partial<JwtVerifierOptions> = {}, of = server) {
  const refusals: TokenRefusal[] = [];
  const verifier = jwtVerifier({
    issuer: of.issuer,
    audience: RESOURCE,
    onRefused: (refusal) => refusals.push(refusal),
    ...options,
  });
  return { verifier, refusals };
}

const now = () => Math.floor(Date.now() / 1000);

/** Claims the server's tokens for RESOURCE would carry; `undefined` leaves one out. */
function claims(overrides: Record<string, unknown> = {}): JWTPayload {
  const all: Record<string, unknown> = {
    iss: server.issuer,
    aud: RESOURCE,
    sub: "notes-agent",
    client_id: "notes-agent",
    scope: "notes:read",
    iat: now(),
    exp: now() + 300,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined));
}

/** `payload` signed RS256 by `key` (the server's own by default), with `key`'s kid. */
function signed(payload: JWTPayload, key: SigningKey = server.signingKey(), kid = key.kid) {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid })
    .sign(key.privateKey);
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** A key of nobody the server knows. */
async function strangerKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid } };
}

/** The server's published keys, as anyone can fetch them. */
async function publishedKeys(): Promise<JWK[]> {
  const response = await fetch(server.jwksUrl);
  return ((await response.json()) as { keys: JWK[] }).keys;
}

/** That `reason` holds neither the token nor any long part of it. */
function expectNoToken(reason: string, token: string): void {
  if (token !== "") expect(reason).not.toContain(token);
  for (const part of token.split(".")) if (part.length >= 8) expect(reason).not.toContain(part);
}

describe("a token the server issued", () => {
  it("verifies to its subject, scopes and claims, the keys found from the server's metadata", async () => {
    const token = await server.token({ resource: RESOURCE, scope: "notes:read notes:write" });
    const { verifier, refusals } = verifierOf();
    const principal = await verifier.verify(token);
    expect(refusals).toEqual([]);
    expect(principal).toEqual({
      subject: "notes-agent",
      scopes: ["notes:read", "notes:write"],
      claims: expect.objectContaining({
        iss: server.issuer,
        aud: RESOURCE,
        sub: "notes-agent",
        client_id: "notes-agent",
        scope: "notes:read notes:write",
        exp: expect.any(Number),
        jti: expect.any(String),
      }),
    });
    expect(Object.isFrozen(principal)).toBe(true);
    expect(Object.isFrozen(principal?.scopes)).toBe(true);
    expect(Object.isFrozen(principal?.claims)).toBe(true);
    expect(verifier.issuer).toBe(server.issuer);
  });

  it.each([
    ["a string", () => server.jwksUrl],
    ["a URL", () => new URL(server.jwksUrl)],
  ])("verifies with an explicit jwksUrl (%s), reading no metadata", async (_kind, jwksUrl) => {
    const metadata = () =>
      server.requests("/.well-known/oauth-authorization-server") +
      server.requests("/.well-known/openid-configuration");
    const before = metadata();
    const token = await server.token({ resource: RESOURCE, scope: "notes:read" });
    const { verifier, refusals } = verifierOf({ jwksUrl: jwksUrl() });
    expect(await verifier.verify(token)).toMatchObject({
      subject: "notes-agent",
      scopes: ["notes:read"],
    });
    expect(refusals).toEqual([]);
    expect(metadata()).toBe(before);
  });

  it("verifies for any of several audiences", async () => {
    const token = await server.token({ resource: OTHER_RESOURCE });
    const { verifier } = verifierOf({ audience: [RESOURCE, OTHER_RESOURCE] });
    expect(await verifier.verify(token)).toMatchObject({ subject: "notes-agent", scopes: [] });
  });

  it("discovers the keys once, however many tokens it verifies at once", async () => {
    const before = server.requests("/.well-known/oauth-authorization-server");
    const token = await server.token({ resource: RESOURCE });
    const { verifier } = verifierOf();
    const principals = await Promise.all(Array.from({ length: 5 }, () => verifier.verify(token)));
    await verifier.verify(token);
    expect(principals.every((principal) => principal?.subject === "notes-agent")).toBe(true);
    expect(server.requests("/.well-known/oauth-authorization-server")).toBe(before + 1);
  });

  it.each([
    ["scope, split on spaces, each once", { scope: " a  b a " }, ["a", "b"]],
    ["scp as an array", { scope: undefined, scp: ["a", 7, "b"] }, ["a", "b"]],
    ["scp as a string", { scope: undefined, scp: "a b" }, ["a", "b"]],
    ["neither", { scope: undefined }, []],
  ])("reads the scopes from %s", async (_case, overrides, scopes) => {
    const { verifier } = verifierOf();
    expect((await verifier.verify(await signed(claims(overrides))))?.scopes).toEqual(scopes);
  });
});

/** Each hostile token, how to make it, and the code it is refused by. */
const HOSTILE: readonly [string, () => Promise<string>, TokenRefusal["code"]][] = [
  ["expired", () => signed(claims({ iat: now() - 600, exp: now() - 60 })), "expired"],
  ["not yet valid", () => signed(claims({ nbf: now() + 300 })), "not-yet-valid"],
  ["from another issuer", () => signed(claims({ iss: "https://evil.test" })), "wrong-issuer"],
  ["with no issuer", () => signed(claims({ iss: undefined })), "wrong-issuer"],
  [
    "for another audience",
    () => signed(claims({ aud: "https://other.test/mcp" })),
    "wrong-audience",
  ],
  ["with no audience", () => signed(claims({ aud: undefined })), "wrong-audience"],
  [
    "issued by the server for another resource",
    () => server.token({ resource: OTHER_RESOURCE, scope: "notes:read" }),
    "wrong-audience",
  ],
  [
    "with alg none",
    async () => `${base64url({ alg: "none", typ: "JWT" })}.${base64url(claims())}.`,
    "algorithm-refused",
  ],
  [
    "HS256, signed with the server's public key as the secret",
    async () => {
      const [published] = await publishedKeys();
      const pem = await exportSPKI(
        (await importJWK(published as JWK, "RS256", { extractable: true })) as CryptoKey,
      );
      return new SignJWT(claims())
        .setProtectedHeader({ alg: "HS256", kid: published?.kid })
        .sign(new TextEncoder().encode(pem));
    },
    "algorithm-refused",
  ],
  [
    "signed by a key the server never published",
    async () => signed(claims(), await strangerKey("intruder-1")),
    "unknown-key",
  ],
  [
    "signed by another key under the server's kid",
    async () => signed(claims(), await strangerKey("x"), server.signingKey().kid),
    "bad-signature",
  ],
  [
    "whose claims were changed after signing",
    async () => {
      const [header, , signature] = (await server.token({ resource: RESOURCE })).split(".");
      return `${header}.${base64url(claims({ scope: "notes:admin" }))}.${signature}`;
    },
    "bad-signature",
  ],
  ["with no subject", () => signed(claims({ sub: undefined })), "no-subject"],
  ["with an empty subject", () => signed(claims({ sub: "" })), "no-subject"],
  ["that never expires", () => signed(claims({ exp: undefined })), "malformed"],
  ["of 1 MB", async () => `${"e".repeat(1024 * 1024 - 2)}.x`, "too-large"],
  ["of garbage", async () => "this is not a token at all", "malformed"],
  ["of three parts that are no JSON", async () => "aGVsbG8.d29ybGQ.c2ln", "malformed"],
  [
    "whose claims are no JSON object",
    () => {
      const { kid, privateKey } = server.signingKey();
      return new CompactSign(new TextEncoder().encode("[1]"))
        .setProtectedHeader({ alg: "RS256", kid })
        .sign(privateKey);
    },
    "malformed",
  ],
  ["empty", async () => "", "malformed"],
];

describe("hostile tokens", () => {
  it.each(HOSTILE)("a token %s is refused", async (_name, make, code) => {
    const token = await make();
    const { verifier, refusals } = verifierOf();
    expect(await verifier.verify(token)).toBeUndefined();
    expect(refusals).toEqual([{ code, reason: expect.any(String) }]);
    expect(refusals[0]?.reason.length).toBeGreaterThan(10);
    expectNoToken(refusals[0]?.reason ?? "", token);
  });

  it("a token over 16 KiB, malformed or with a refused alg is refused before any key is fetched", async () => {
    const { verifier, refusals } = verifierOf({ jwksUrl: server.jwksUrl });
    const before = server.requests("/jwks");
    await verifier.verify("x".repeat(16 * 1024 + 1));
    await verifier.verify("garbage");
    await verifier.verify(`${base64url({ alg: "none" })}.${base64url(claims())}.`);
    await verifier.verify(`${base64url({ alg: "HS256" })}.${base64url(claims())}.c2ln`);
    expect(refusals.map((refusal) => refusal.code)).toEqual([
      "too-large",
      "malformed",
      "algorithm-refused",
      "algorithm-refused",
    ]);
    expect(server.requests("/jwks")).toBe(before);
  });

  it("a token of 16 KiB exactly is read", async () => {
    const padded = await signed(claims({ pad: "" }));
    // Each 3 characters of claims take 4 in base64url.
    const room = Math.floor(((16 * 1024 - padded.length) * 3) / 4);
    const token = await signed(claims({ pad: "p".repeat(room) }));
    expect(token.length).toBeLessThanOrEqual(16 * 1024);
    expect(token.length).toBeGreaterThan(16 * 1024 - 4);
    const { verifier } = verifierOf();
    expect(await verifier.verify(token)).toMatchObject({ subject: "notes-agent" });
  });

  it("an algorithm the verifier was not told to accept is refused", async () => {
    const { verifier, refusals } = verifierOf({ algorithms: ["ES256", "EdDSA"] });
    expect(await verifier.verify(await server.token({ resource: RESOURCE }))).toBeUndefined();
    expect(refusals).toEqual([
      { code: "algorithm-refused", reason: expect.stringContaining("only ES256, EdDSA") },
    ]);
  });

  it("clockToleranceSec forgives that many seconds past exp, no more", async () => {
    const token = await signed(claims({ iat: now() - 100, exp: now() - 30 }));
    expect(await verifierOf({ clockToleranceSec: 60 }).verifier.verify(token)).toBeDefined();
    expect(await verifierOf({ clockToleranceSec: 10 }).verifier.verify(token)).toBeUndefined();
  });

  it("an onRefused that throws, or rejects, does not break verify", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      for (const onRefused of [
        () => {
          throw new Error("a broken logger");
        },
        async () => {
          throw new Error("a broken async logger");
        },
      ]) {
        const verifier = jwtVerifier({ issuer: server.issuer, audience: RESOURCE, onRefused });
        expect(await verifier.verify("garbage")).toBeUndefined();
        const token = await server.token({ resource: RESOURCE });
        expect(await verifier.verify(token)).toMatchObject({ subject: "notes-agent" });
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });

  it("without onRefused, a refusal is only undefined", async () => {
    const verifier = jwtVerifier({ issuer: server.issuer, audience: RESOURCE });
    expect(await verifier.verify("garbage")).toBeUndefined();
  });
});

describe("the issuer's keys", () => {
  it("an unknown kid refetches the key set, at most once per 30 s cooldown, and is still refused", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const { verifier, refusals } = verifierOf({ jwksUrl: server.jwksUrl });
    const before = server.requests("/jwks");
    expect(await verifier.verify(await server.token({ resource: RESOURCE }))).toBeDefined();
    expect(server.requests("/jwks")).toBe(before + 1);

    const stranger = await strangerKey("intruder-2");
    // Within the cooldown: no refetch, whatever kid a token names.
    expect(await verifier.verify(await signed(claims(), stranger))).toBeUndefined();
    expect(server.requests("/jwks")).toBe(before + 1);

    vi.setSystemTime(Date.now() + 31_000);
    expect(await verifier.verify(await signed(claims(), stranger))).toBeUndefined();
    expect(server.requests("/jwks")).toBe(before + 2);
    expect(refusals.map((refusal) => refusal.code)).toEqual(["unknown-key", "unknown-key"]);
  });

  it("a key rotation at the server is picked up: the new kid is refetched and found", async () => {
    const rotating = await startAuthorizationServer();
    try {
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
      const { verifier, refusals } = verifierOf({}, rotating);
      const oldToken = await rotating.token({ resource: RESOURCE });
      expect(await verifier.verify(oldToken)).toBeDefined();
      expect(rotating.requests("/jwks")).toBe(1);

      const { kid } = await rotating.rotateKey();
      const newToken = await rotating.token({ resource: RESOURCE });
      expect(
        JSON.parse(Buffer.from(newToken.split(".")[0] ?? "", "base64url").toString()),
      ).toMatchObject({ kid });
      vi.setSystemTime(Date.now() + 31_000);
      expect(await verifier.verify(newToken)).toMatchObject({ subject: "notes-agent" });
      expect(rotating.requests("/jwks")).toBe(2);
      // The old key is still published: its tokens still verify.
      expect(await verifier.verify(oldToken)).toBeDefined();
      expect(refusals).toEqual([]);
    } finally {
      await rotating.close();
    }
  });

  describe("discovery", () => {
    let metadataServer: Server;
    let answer: "broken" | "metadata" | "another issuer" = "broken";
    let metadataRequests = 0;
    let issuer: string;

    beforeAll(async () => {
      metadataServer = createServer((request, response) => {
        metadataRequests += 1;
        if (answer === "broken" || !request.url?.startsWith("/.well-known/")) {
          response.writeHead(503).end();
          return;
        }
        const named = answer === "metadata" ? issuer : "https://evil.test";
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ issuer: named, jwks_uri: server.jwksUrl }));
      });
      await new Promise<void>((resolve) => metadataServer.listen(0, "127.0.0.1", resolve));
      issuer = `http://127.0.0.1:${(metadataServer.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      metadataServer.closeAllConnections();
      await new Promise((resolve) => metadataServer.close(resolve));
    });

    it("a failure is a refusal, tried again on a later token; a success is kept", async () => {
      const token = await signed(claims({ iss: issuer }));
      const { verifier, refusals } = verifierOf({ issuer });
      answer = "broken";
      expect(await verifier.verify(token)).toBeUndefined();
      answer = "another issuer";
      expect(await verifier.verify(token)).toBeUndefined();
      expect(refusals).toEqual([
        { code: "keys-unavailable", reason: expect.stringContaining("answered 503") },
        { code: "keys-unavailable", reason: expect.stringContaining("another issuer") },
      ]);
      for (const refusal of refusals) expectNoToken(refusal.reason, token);

      answer = "metadata";
      expect(await verifier.verify(token)).toMatchObject({ subject: "notes-agent" });
      const after = metadataRequests;
      expect(await verifier.verify(token)).toMatchObject({ subject: "notes-agent" });
      expect(metadataRequests).toBe(after);
    });

    it("a key set that cannot be fetched is a refusal", async () => {
      const { verifier, refusals } = verifierOf({ jwksUrl: `${issuer}/jwks` });
      expect(await verifier.verify(await signed(claims()))).toBeUndefined();
      expect(refusals).toEqual([{ code: "keys-unavailable", reason: expect.any(String) }]);
    });
  });
});

describe("options refused when the verifier is built", () => {
  const issuer = "https://auth.test";
  it.each([
    ["no options", undefined, /options must be an object/],
    ["no issuer", { audience: RESOURCE }, /issuer is required/],
    ["an empty issuer", { issuer: "", audience: RESOURCE }, /issuer is required/],
    [
      "an issuer that is no URL, to discover from",
      { issuer: "auth", audience: RESOURCE },
      /issuer must be an http\(s\) URL/,
    ],
    ["no audience", { issuer }, /audience is required/],
    ["an empty audience", { issuer, audience: "" }, /audience is required/],
    ["an empty audience list", { issuer, audience: [] }, /audience is required/],
    ["HS256", { issuer, audience: RESOURCE, algorithms: ["HS256"] }, /must not hold HS256/],
    [
      "HS512 beside RS256",
      { issuer, audience: RESOURCE, algorithms: ["RS256", "HS512"] },
      /must not hold HS512/,
    ],
    ["none", { issuer, audience: RESOURCE, algorithms: ["none"] }, /algorithms must hold only/],
    [
      "no algorithm",
      { issuer, audience: RESOURCE, algorithms: [] },
      /algorithms must be a non-empty array/,
    ],
    [
      "a jwksUrl that is no URL",
      { issuer, audience: RESOURCE, jwksUrl: "keys" },
      /jwksUrl must be an http\(s\) URL/,
    ],
    [
      "a jwksUrl that is no http URL",
      { issuer, audience: RESOURCE, jwksUrl: "file:///keys" },
      /jwksUrl must be an http\(s\) URL/,
    ],
    [
      "a negative clockToleranceSec",
      { issuer, audience: RESOURCE, clockToleranceSec: -1 },
      /clockToleranceSec must be/,
    ],
    [
      "a NaN clockToleranceSec",
      { issuer, audience: RESOURCE, clockToleranceSec: Number.NaN },
      /clockToleranceSec must be/,
    ],
    [
      "an onRefused that is no function",
      { issuer, audience: RESOURCE, onRefused: "log" },
      /onRefused must be a function/,
    ],
    [
      "a misspelt option",
      { issuer, audience: RESOURCE, audiences: [RESOURCE] },
      /unknown option audiences/,
    ],
  ])("%s", (_case, options, message) => {
    const build = () => jwtVerifier(options as unknown as JwtVerifierOptions);
    expect(build).toThrow(TypeError);
    expect(build).toThrow(/^jwtVerifier: /);
    expect(build).toThrow(message);
  });

  it("an issuer that is no URL is accepted beside a jwksUrl", () => {
    expect(() =>
      jwtVerifier({ issuer: "auth", audience: RESOURCE, jwksUrl: "https://auth.test/jwks" }),
    ).not.toThrow();
  });
});
