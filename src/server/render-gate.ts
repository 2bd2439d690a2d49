/**
 * How many pages the server renders at once. Rendering is work for the one
 * thread that runs the shop's code: fifty pages started together finish no
 * sooner than fifty pages started a few at a time, but each holds its data
 * and half-drawn page the whole while. Held that long, those objects outlive
 * the young generation's collections and are copied and promoted, and the
 * old generation fills and must be swept. A few at a time, each page is
 * drawn and gone within a collection or two, and a burst of requests queues
 * in order instead of every answer waiting for the whole burst.
 *
 * A request waits in line before it has read or built anything, and goes
 * first come, first served. A page's turn ends when its answer is ready to
 * stream, when it fails, or after `turnMs` at most: a page stuck on a slow
 * call keeps going, but no longer keeps the others waiting.
 */
export class RenderGate {
  readonly slots: number;
  readonly turnMs: number;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(slots: number, turnMs = 5_000) {
    if (!Number.isInteger(slots) || slots < 1) throw new RangeError(`A render gate needs at least one slot, not ${slots}`);
    this.slots = slots;
    this.turnMs = turnMs;
  }

  /** Pages in their turn now, and waiting for one. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.slots) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      clearTimeout(timer);
      // The turn passes straight to the next in line, so a newcomer can never slip ahead of it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    };
    const timer = setTimeout(release, this.turnMs);
    timer.unref();
    try {
      return await work();
    } finally {
      release();
    }
  }
}
