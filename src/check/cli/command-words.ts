/**
 * Splitting an `--mcp "<command>"` into the program and its arguments, as a POSIX shell
 * splits words: whitespace separates them, single quotes keep everything literally, double
 * quotes keep all but `\"` and `\\`, a backslash outside quotes escapes the next character.
 * Nothing is expanded (no variables, globs or pipes): the program is started directly, so
 * its process tree is the check's to end.
 *
 * @module
 */

/** The words of `command`, or the problem with it (unclosed quote, nothing to run). */
export function commandWords(command: string): string[] | { readonly problem: string } {
  const words: string[] = [];
  let word: string | undefined;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < command.length; i += 1) {
    const char = command.charAt(i);
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word += char;
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      else if (char === "\\" && (command[i + 1] === '"' || command[i + 1] === "\\")) {
        i += 1;
        word += command.charAt(i);
      } else word += char;
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (char === "'" || char === '"') {
      quote = char;
      word ??= "";
    } else if (char === "\\" && i + 1 < command.length) {
      i += 1;
      word = (word ?? "") + command.charAt(i);
    } else word = (word ?? "") + char;
  }
  if (quote !== undefined)
    return { problem: `--mcp ${JSON.stringify(command)}: unclosed ${quote}` };
  if (word !== undefined) words.push(word);
  if (words.length === 0) return { problem: "--mcp needs a command that starts the server" };
  return words;
}
