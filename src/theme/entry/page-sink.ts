import { Buffer } from "node:buffer";
import { EventEmitter } from "node:events";
import { RecentMap } from "../../core/common/recent-map.ts";
import type { PageRewriter } from "./after-first-paint.ts";

/** Long texts kept encoded: the most recently written, each at least and at most this long. */
const KEPT_TEXTS = 16;
const KEPT_TEXT_MIN_LENGTH = 8 * 1024;
const KEPT_TEXT_LENGTH = 256 * 1024;
const encodedTexts = new RecentMap<string, Buffer>(KEPT_TEXTS);

/**
 * A long text's UTF-8 bytes, encoded once while it keeps being written.
 * React hands its destination only long texts as strings, and most of those
 * are the same on page after page (the inlined stylesheets, the shop info):
 * the most recently written few stay encoded. The bytes are only read, never
 * changed, by the sink and its rewriter.
 *
 * Looking a text up costs its hash, which V8 keeps with a string once worked
 * out: nothing for the same string written again, but as much as encoding it
 * for a string made anew each time (the framework's scripts, a page's data).
 * Texts shorter than 8 K characters are mostly those, and cost little more to
 * encode than to look up: they are encoded as they come.
 */
export function encodedText(text: string): Buffer {
  if (text.length < KEPT_TEXT_MIN_LENGTH) return Buffer.from(text, "utf8");
  const kept = encodedTexts.get(text);
  if (kept !== undefined) return kept;
  const bytes = Buffer.from(text, "utf8");
  if (text.length <= KEPT_TEXT_LENGTH) encodedTexts.set(text, bytes);
  return bytes;
}

/**
 * Where React's server renderer writes a page: the pieces it writes within one
 * turn of the event loop (a whole shell, in a hundred small buffers) leave as
 * one chunk of a web stream, rewritten on the way.
 *
 * React hands over encoded bytes (long texts as strings, encoded here, see
 * `encodedText`); they stay bytes, so the page is never decoded and encoded again.
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
  private readonly observe: (bytes: Buffer) => void;

  /** `observe` sees each piece of the page as it goes out, and must not change it. */
  constructor(rewriter: PageRewriter, onCancel: () => void, onEnd: () => void = () => {}, observe: (bytes: Buffer) => void = () => {}) {
    super();
    this.rewriter = rewriter;
    this.onEnd = onEnd;
    this.observe = observe;
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
    const text = typeof chunk === "string";
    const bytes = text ? encodedText(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (const part of this.rewriter.push(bytes, text)) if (part.length > 0) this.parts.push(part);
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
    this.observe(bytes);
    this.controller.enqueue(bytes);
  }
}
