import { describe, expect, it } from "vitest";
import { loadFailure } from "../../src/check/cli/load-failure";

describe("loadFailure: why toolwright itself could not be loaded", () => {
  it("names the supported zod versions when zod has no zod/v4/core", () => {
    const error = Object.assign(
      new Error(
        `Package subpath './v4/core' is not defined by "exports" in /app/node_modules/zod/package.json`,
      ),
      { code: "ERR_PACKAGE_PATH_NOT_EXPORTED" },
    );
    expect(loadFailure(error)).toMatch(
      /^the installed zod is not supported \(Package subpath '\.\/v4\/core'.*\); toolwright needs zod \^3\.25\.28 or \^4: npm i zod@\^4$/,
    );
  });

  it("passes any other failure's message through", () => {
    expect(loadFailure(new Error("boom"))).toBe("boom");
    const other = Object.assign(new Error("Cannot find module 'openai'"), {
      code: "ERR_MODULE_NOT_FOUND",
    });
    expect(loadFailure(other)).toBe("Cannot find module 'openai'");
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(typeof loadFailure(proxy)).toBe("string");
  });
});
