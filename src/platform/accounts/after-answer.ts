/**
 * Work an answer must not wait for: what would make the answer slower, or
 * make it do more, for an email that has an account than for one that has
 * none (a reset link written and mailed, a note to the account's owner).
 * The work starts once the caller has its answer, and a failure is logged,
 * never the shopper's. `settled()` waits for the work under way (a server
 * closing, a test reading the outbox).
 */
export class AfterAnswer {
  private readonly running = new Set<Promise<void>>();
  private readonly onError: (error: unknown) => void;

  constructor(onError: (error: unknown) => void) {
    this.onError = onError;
  }

  /** Starts `work` after the current answer is on its way (on the next turn of the event loop). */
  run(work: () => Promise<void>): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.onError(error))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Resolves once every piece of work started so far, and any it started, has finished. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
