import { EventEmitter } from "node:events";
import { StringDecoder } from "node:string_decoder";

/** What the page's text passes through on its way out (the module script deferrer). */
export interface TextRewriter {
  push(chunk: string): string;
  end(): string;
}

/**
 * Where React's server renderer writes a page: the pieces it writes within one
 * turn of the event loop (a whole shell, in a hundred small buffers) leave as
 * one chunk of a web stream, rewritten on the way and encoded once.
 *
 * It is the writable side React's `pipe` expects (write, end, and the drain,
 * error and close events); `body` is the response's stream. A shopper who goes
 * away cancels the stream, which tells React to stop (`onCancel`).
 */
export class PageSink extends EventEmitter {
  readonly body: ReadableStream<Uint8Array>;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private readonly decoder = new StringDecoder("utf8");
  private readonly encoder = new TextEncoder();
  private parts: string[] = [];
  private scheduled = false;
  private closed = false;

  private readonly rewriter: TextRewriter;
  private readonly onEnd: () => void;

  constructor(rewriter: TextRewriter, onCancel: () => void, onEnd: () => void = () => {}) {
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
    const text = this.rewriter.push(typeof chunk === "string" ? chunk : this.decoder.write(chunk as Buffer));
    if (text !== "") this.parts.push(text);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.send());
    }
    return true;
  }

  /** React asks its destination to pass on what it holds: it goes with the rest of this turn's text. */
  flush(): void {}

  end(): void {
    if (this.closed) return;
    const last = this.rewriter.push(this.decoder.end()) + this.rewriter.end();
    if (last !== "") this.parts.push(last);
    this.send();
    this.closed = true;
    this.controller.close();
    this.onEnd();
  }

  private send(): void {
    this.scheduled = false;
    if (this.closed || this.parts.length === 0) return;
    const text = this.parts.length === 1 ? this.parts[0]! : this.parts.join("");
    this.parts = [];
    this.controller.enqueue(this.encoder.encode(text));
  }
}
