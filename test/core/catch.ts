/** What `run` throws; fails the test when it returns. */
export function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a throw");
}

/** What `promise` rejects with; fails the test when it resolves. */
export async function rejection(promise: unknown): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}
