/** A fresh id shared by the lines of one builder set added to the cart (`__builderId`). */
export const newSetId = (): string =>
  typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
