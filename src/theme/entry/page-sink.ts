import { Buffer } from "node:buffer";
import { EventEmitter } from "node:events";
import type { PageRewriter } from "./after-first-paint.ts";

/**
 * Where React's server renderer writes a page: the pieces it writes within one
 * turn of the event loop (a whole shell, in a hundred small buffers) leave as
 * one chunk of a web stream, rewritten on the way.
 *
 * React hands over encoded bytes (long texts as strings, encoded here once);
 * they stay bytes, so the page is never decoded and encoded again.
 *
 * It is the writable side React's `pipe` expects (write, end, and the drain,
 * error and close events); `body` is the response's stream. A shopper who goes
 * away cancels the stream, which tells React to stop (`onCancel`).
 */
export class PageSink extends EventEmitter {
  readonly body: ReadableStream<Uint8Array>;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private parts: Buffer[] = [];
  private scheduled = false;
  private closed = false;

  private readonly rewriter: PageRewriter;
  private readonly onEnd: () => void;

  constructor(rewriter: PageRewriter, onCancel: () => void, onEnd: () => void = () => {}) {
    super();
    this.rewriter = rewriter;
    this.onEnd = onEnd;
    this.body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
      cancel: () => {
        this.closed = true;
        this.emit("close");
        onCancel();
      },
    });
  }

  write(chunk: Uint8Array | string): boolean {
    if (this.closed) return false;
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (const part of this.rewriter.push(bytes)) if (part.length > 0) this.parts.push(part);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.send());
    }
    return true;
  }

  /** React asks its destination to pass on what it holds: it goes with the rest of this turn's bytes. */
  flush(): void {}

  end(): void {
    if (this.closed) return;
    for (const part of this.rewriter.end()) if (part.length > 0) this.parts.push(part);
    this.send();
    this.closed = true;
    this.controller.close();
    this.onEnd();
  }

  private send(): void {
    this.scheduled = false;
    if (this.closed || this.parts.length === 0) return;
    const bytes = Buffer.concat(this.parts);
    this.parts = [];
    this.controller.enqueue(bytes);
  }
}
