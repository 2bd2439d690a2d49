/**
 * V8's collector, asked for directly: loading a large catalog makes garbage
 * faster than V8's own schedule collects it (each batch's rows), and the
 * server collects what opening left before it opens. The collector is
 * reached through V8's own `gc` extension, enabled only while it is fetched.
 */
import v8 from "node:v8";
import vm from "node:vm";

type Collector = (options: { type: "major" | "minor"; execution: "sync" | "async"; flavor?: "regular" | "last-resort" }) => void | Promise<void>;

let gc: Collector | undefined;

export function collector(): Collector {
  if (!gc) {
    const exposed = typeof globalThis.gc === "function";
    if (!exposed) v8.setFlagsFromString("--expose-gc");
    gc = vm.runInNewContext("gc") as Collector;
    if (!exposed) v8.setFlagsFromString("--no-expose-gc");
  }
  return gc;
}

/**
 * A full collection: `sync` now, in one pause; `async` started now and run alongside the work that follows
 * (incremental and concurrent marking). The `last-resort` flavour (sync only) repeats while it frees anything,
 * shrinks the young generation and gives the freed pages back to the system; a `regular` one keeps them for
 * the heap to grow into again.
 */
export function collectGarbage(execution: "sync" | "async", flavor: "regular" | "last-resort" = "regular"): void {
  void collector()({ type: "major", execution, flavor });
}
