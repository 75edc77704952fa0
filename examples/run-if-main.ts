import { pathToFileURL } from "node:url";

/** Runs `main` when the calling module is the script `tsx` was started with. */
export function runIfMain(moduleUrl: string, main: () => Promise<void>): void {
  const script = process.argv[1];
  if (script !== undefined && moduleUrl === pathToFileURL(script).href) {
    main().catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
  }
}
