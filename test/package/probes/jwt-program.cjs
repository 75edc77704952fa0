// A program that verifies JWT access tokens with the installed package's jwtVerifier,
// run by jwt-program.mjs (import) and jwt-program-require.cjs (require) with a mode:
// - "build": builds a verifier and verifies nothing (so jose must not be loaded);
// - "verify": verifies an RS256 token against a key set it serves on 127.0.0.1, and a
//   token with alg none;
// - "verify-without-jose": the same, where a resolve hook hides jose (hide-jose.mjs):
//   reports what verify rejects with.
// It signs with node:crypto, never with jose, so every load of jose is the package's.
"use strict";

const { createServer } = require("node:http");
const { createSign, generateKeyPairSync } = require("node:crypto");

const ISSUER = "https://auth.probe.test";
const AUDIENCE = "https://notes.probe.test/mcp";

const part = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");

function signedToken(privateKey, kid) {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: ISSUER,
    aud: AUDIENCE,
    sub: "probe-agent",
    scope: "notes:read",
    exp: now + 300,
  };
  const input = `${part({ alg: "RS256", typ: "at+jwt", kid })}.${part(claims)}`;
  const signature = createSign("RSA-SHA256").update(input).sign(privateKey).toString("base64url");
  return `${input}.${signature}`;
}

/** Serves `jwks` on 127.0.0.1 until `close()`. */
async function serveKeys(jwks) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(jwks));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/jwks`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function runJwtProgram({ jwtVerifier }, mode) {
  const refusals = [];
  const onRefused = (refusal) => refusals.push(refusal.code);
  if (mode === "build") {
    const verifier = jwtVerifier({ issuer: ISSUER, audience: AUDIENCE, onRefused });
    return { built: typeof verifier.verify === "function" };
  }
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = {
    ...publicKey.export({ format: "jwk" }),
    kid: "probe-key",
    alg: "RS256",
    use: "sig",
  };
  const keys = await serveKeys({ keys: [jwk] });
  try {
    const verifier = jwtVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      jwksUrl: keys.url,
      onRefused,
    });
    const token = signedToken(privateKey, "probe-key");
    if (mode === "verify-without-jose") {
      try {
        await verifier.verify(token);
        return { rejected: false };
      } catch (error) {
        return { rejected: error.message };
      }
    }
    const principal = await verifier.verify(token);
    const none = await verifier.verify(`${part({ alg: "none" })}.${part({ sub: "x" })}.`);
    return {
      principal: { subject: principal?.subject, scopes: principal?.scopes },
      none,
      refusals,
    };
  } finally {
    await keys.close();
  }
}

module.exports = { runJwtProgram };
