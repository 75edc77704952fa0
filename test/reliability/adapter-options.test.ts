/**
 * An adapter's listing option with a value it does not take is refused by name: a
 * misspelt `toolSearch` or `deferLoading` would otherwise list the tools another way,
 * silently.
 */

import { toolSet } from "toolwright";
import { anthropic } from "toolwright/anthropic";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { fixtureCapabilities } from "../set/fixtures";

describe("anthropic.list", () => {
  const set = toolSet(fixtureCapabilities(z), { deferLoading: { keep: ["now"] } });
  it.each([
    [
      "toolSearch",
      "nonsense",
      /toolSearch must be one of "client", "bm25", "regex" \(or left out\), received a string \("nonsense"\)/,
    ],
    [
      "deferLoading",
      "nonsense",
      /deferLoading must be one of "native", "catalog" \(or left out\), received a string \("nonsense"\)/,
    ],
    [
      "strict",
      "yes",
      /strict must be one of true, false, "auto" \(or left out\), received a string \("yes"\)/,
    ],
    ["examples", 1, /examples must be one of true, false \(or left out\), received a number/],
  ])("refuses %s: %j with a TypeError naming it", (name, value, message) => {
    expect(() => anthropic.list(set, { [name]: value } as never)).toThrow(TypeError);
    expect(() => anthropic.list(set, { [name]: value } as never)).toThrow(message);
  });

  it("takes every value it documents", () => {
    for (const toolSearch of ["client", "bm25", "regex"] as const) {
      for (const deferLoading of ["native", "catalog"] as const) {
        expect(() =>
          anthropic.list(set, { toolSearch, deferLoading, strict: "auto" }),
        ).not.toThrow();
      }
    }
  });
});
