// `node --import ./record-loads.mjs <program>`: appends every module the program loads to
// the file named by TOOLWRIGHT_LOAD_LOG, one URL or path a line. ES modules through a
// resolve hook (module.register), CommonJS and `require(esm)` through Module._load.
import { appendFileSync } from "node:fs";
import Module, { register } from "node:module";

const log = process.env.TOOLWRIGHT_LOAD_LOG;
if (log === undefined) throw new Error("record-loads.mjs: set TOOLWRIGHT_LOAD_LOG");

register("./record-loads-hooks.mjs", import.meta.url, { data: { log } });

const load = Module._load;
Module._load = function recordedLoad(request, parent, isMain, ...rest) {
  const exports = load.call(this, request, parent, isMain, ...rest);
  try {
    appendFileSync(log, `${Module._resolveFilename(request, parent, isMain)}\n`);
  } catch {
    appendFileSync(log, `${request}\n`);
  }
  return exports;
};
