/**
 * Reading a file in the CLI's own process, where nothing may block: the parent reads the
 * tsconfig chain, module sources (for annotation lines) and package manifests
 * synchronously, outside the worker's `--import-timeout`. A FIFO, socket or device named
 * `tsconfig.json` would block such a read forever, and a huge file would hold the memory.
 *
 * @module
 */
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";

/** What the CLI reads of one configuration or source file at most. */
export const MAX_READ_BYTES = 4 * 1024 * 1024;

// O_NONBLOCK makes opening a FIFO return at once instead of waiting for a writer; the
// type is then checked on the open descriptor, so the file cannot be swapped in between.
// Windows has no O_NONBLOCK (and no FIFOs on disk): plain read-only there.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * The text of `path` as UTF-8, read only when it is a regular file of at most `maxBytes`.
 * Throws an `Error` naming the file when it is not a regular file (a FIFO, socket, device
 * or directory) or is larger, and the file system's error when it cannot be opened.
 */
export function readRegularFile(path: string, maxBytes = MAX_READ_BYTES): string {
  const fd = openSync(path, OPEN_FLAGS);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) {
      throw new Error(
        `not a regular file: ${path} (a FIFO, socket or device would block the read)`,
      );
    }
    if (stats.size > maxBytes) throw tooLarge(path, maxBytes);
    return readAtMost(fd, path, stats.size, maxBytes);
  } finally {
    closeSync(fd);
  }
}

/** Reads to the end, refusing to go past `maxBytes` (the file may grow while it is read). */
function readAtMost(fd: number, path: string, size: number, maxBytes: number): string {
  let buffer = Buffer.alloc(size + 1);
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (length > maxBytes) throw tooLarge(path, maxBytes);
      const grown = Buffer.alloc(Math.min(buffer.length * 2, maxBytes + 1));
      buffer.copy(grown);
      buffer = grown;
    }
    const read = readSync(fd, buffer, length, buffer.length - length, null);
    if (read === 0) return buffer.toString("utf8", 0, length);
    length += read;
  }
}

function tooLarge(path: string, maxBytes: number): Error {
  return new Error(`${path} is larger than the limit of ${maxBytes} bytes`);
}
