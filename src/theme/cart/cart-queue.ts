/**
 * One line of cart work for the whole page: the cart page, the side cart and
 * its gift automation all send their changes through here, one after another,
 * so answers are announced in the order the changes were made and an older
 * answer never overwrites a newer cart. The count of queued work is the cart's
 * loading flag: set while any change runs, cleared after its refresh or failure.
 */
let chain: Promise<unknown> = Promise.resolve();
let waiting = 0;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

export function enqueueCartWork<T>(work: () => Promise<T>): Promise<T> {
  waiting += 1;
  notify();
  const result = chain.then(work);
  chain = result
    .catch(() => undefined)
    .finally(() => {
      waiting -= 1;
      notify();
    });
  return result;
}

export function subscribeCartBusy(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isCartBusy = () => waiting > 0;
