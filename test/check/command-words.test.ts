/** `--mcp "<command>"` split into words as a POSIX shell splits them, with no expansion. */
import { describe, expect, it } from "vitest";
import { commandWords } from "../../src/check/cli/command-words";

describe("commandWords", () => {
  it.each([
    [
      "npx @modelcontextprotocol/server-everything",
      ["npx", "@modelcontextprotocol/server-everything"],
    ],
    ["  node   server.js  ", ["node", "server.js"]],
    [`node "my server.js" 'a "b"' c\\ d`, ["node", "my server.js", 'a "b"', "c d"]],
    [`node "say \\"hi\\"" '$HOME' ""`, ["node", 'say "hi"', "$HOME", ""]],
    ["node srv.js --root=/tmp/*", ["node", "srv.js", "--root=/tmp/*"]],
  ])("splits %s", (command, words) => {
    expect(commandWords(command)).toEqual(words);
  });

  it("refuses an unclosed quote and an empty command", () => {
    expect(commandWords(`node "srv.js`)).toEqual({ problem: `--mcp "node \\"srv.js": unclosed "` });
    expect(commandWords("   ")).toEqual({
      problem: "--mcp needs a command that starts the server",
    });
  });
});
