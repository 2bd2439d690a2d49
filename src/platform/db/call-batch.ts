/**
 * Calls that arrive within one turn of the event loop go to the database as
 * one statement: under load a shop reads and writes dozens of carts at once,
 * and each statement costs a round trip whose write and wake-up outweigh the
 * work.
 * A call alone goes on its own, after the current turn. When the database
 * refused a list (so none of it happened), each of its calls is sent again
 * on its own, so one bad call fails only itself; any other failure (a list
 * that may have happened, its answer lost) fails every call of the list.
 */
export class CallBatch<A, R> {
  private waiting: { arg: A; resolve: (answer: R) => void; reject: (error: unknown) => void }[] = [];
  private scheduled = false;
  private readonly one: (arg: A) => Promise<R>;
  private readonly many: (args: A[]) => Promise<R[]>;
  private readonly refused: (error: unknown) => boolean;
  private readonly max: number;

  /**
   * `one` sends a call alone; `many` sends a list and answers in its order;
   * `refused` tells a list the database refused whole from one whose fate is
   * unknown; `max` calls at most go in one list.
   */
  constructor(one: (arg: A) => Promise<R>, many: (args: A[]) => Promise<R[]>, refused: (error: unknown) => boolean, max = 100) {
    this.one = one;
    this.many = many;
    this.refused = refused;
    this.max = max;
  }

  run(arg: A): Promise<R> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ arg, resolve, reject });
      if (this.waiting.length >= this.max) this.send();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.send());
      }
    });
  }

  private send(): void {
    this.scheduled = false;
    const batch = this.waiting;
    if (batch.length === 0) return;
    this.waiting = [];
    const alone = () => {
      for (const call of batch) this.one(call.arg).then(call.resolve, call.reject);
    };
    if (batch.length === 1) return alone();
    const failAll = (error: unknown) => {
      for (const call of batch) call.reject(error);
    };
    this.many(batch.map((call) => call.arg)).then(
      (answers) => {
        if (answers.length !== batch.length) return failAll(new Error(`A list of ${batch.length} calls was answered with ${answers.length}`));
        batch.forEach((call, index) => call.resolve(answers[index] as R));
      },
      (error: unknown) => (this.refused(error) ? alone() : failAll(error)),
    );
  }
}
