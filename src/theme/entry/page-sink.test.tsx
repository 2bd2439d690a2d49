import { Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PageRewriter } from "./after-first-paint.ts";
import { PageSink, encodedText } from "./page-sink.ts";

const asIs: PageRewriter = { push: (bytes) => [bytes], end: () => [] };

async function chunksOf(body: ReadableStream<Uint8Array>): Promise<string[]> {
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) chunks.push(decoder.decode(chunk, { stream: true }));
  return chunks;
}

function List({ count }: { count: number }) {
  return (
    <ul>
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>{`Rose face oil, 30 ml — item ${index} é`}</li>
      ))}
    </ul>
  );
}

describe("the page's way out", () => {
  it("sends what React writes in one turn as one chunk, whole and in order", async () => {
    const sink = new PageSink(asIs, () => {});
    const { pipe } = renderToPipeableStream(<List count={2_000} />, {
      onAllReady() {
        pipe(sink as unknown as NodeJS.WritableStream);
      },
    });
    const chunks = await chunksOf(sink.body);
    const html = chunks.join("");
    expect(html.length).toBeGreaterThan(50_000);
    expect(html.match(/<li>/g)).toHaveLength(2_000);
    expect(html).toContain("item 1999 é</li></ul>");
    expect(chunks).toHaveLength(1);
  });

  it("passes the bytes through the rewriter, its held tail last", async () => {
    // Holds back each piece's last three bytes, which may cut a character in two.
    let held = Buffer.alloc(0);
    let pushes = 0;
    const rewriter: PageRewriter = {
      push: (bytes) => {
        pushes += 1;
        const all = Buffer.concat([held, bytes]);
        held = all.subarray(-3);
        return [all.subarray(0, -3)];
      },
      end: () => [held, Buffer.from("<!-- end -->")],
    };
    const sink = new PageSink(rewriter, () => {});
    const { pipe } = renderToPipeableStream(<List count={300} />, { onAllReady: () => pipe(sink as unknown as NodeJS.WritableStream) });
    const html = (await chunksOf(sink.body)).join("");
    expect(pushes).toBeGreaterThan(1);
    expect(html.match(/<li>Rose face oil, 30 ml — item \d+ é<\/li>/g)).toHaveLength(300);
    expect(html.endsWith("item 299 é</li></ul><!-- end -->")).toBe(true);
  });

  it("streams a part that finishes later as a later chunk", async () => {
    let resolveLater!: (text: string) => void;
    const later = new Promise<string>((resolve) => {
      resolveLater = resolve;
    });
    function Later() {
      return <p>{use(later)}</p>;
    }
    const sink = new PageSink(asIs, () => {});
    const { pipe } = renderToPipeableStream(
      <div>
        <h1>Shell</h1>
        <Suspense fallback={<p>Loading</p>}>
          <Later />
        </Suspense>
      </div>,
      { onShellReady: () => pipe(sink as unknown as NodeJS.WritableStream) },
    );
    const reader = sink.body.getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    expect(first).toContain("<h1>Shell</h1>");
    expect(first).not.toContain("Finished");
    resolveLater("Finished");
    let rest = "";
    for (let step = await reader.read(); !step.done; step = await reader.read()) rest += decoder.decode(step.value);
    expect(rest).toContain("Finished");
  });

  it("tells React to stop when the shopper goes away", async () => {
    let cancelled = 0;
    const sink = new PageSink(asIs, () => {
      cancelled += 1;
    });
    let closed = false;
    sink.on("close", () => {
      closed = true;
    });
    await sink.body.cancel();
    expect(cancelled).toBe(1);
    expect(closed).toBe(true);
    expect(sink.write(new TextEncoder().encode("late"))).toBe(false);
  });
});

describe("long texts on their way out", () => {
  it("are encoded once while they keep being written, and only texts of a bounded length are kept", () => {
    const styles = `.product{color:#222}${"x".repeat(12_000)}é`;
    const first = encodedText(styles);
    expect(first.toString("utf8")).toBe(styles);
    expect(encodedText(styles)).toBe(first);
    const huge = "y".repeat(300 * 1024);
    expect(encodedText(huge)).not.toBe(encodedText(huge));
    // Shorter texts are made anew for each page (scripts, data): they are encoded as they come.
    const script = `window.data=${"1".repeat(5_000)}`;
    expect(encodedText(script)).not.toBe(encodedText(script));
    expect(encodedText(script).toString("utf8")).toBe(script);
    // A text pushed out by newer ones is encoded again, the same bytes.
    for (let index = 0; index < 20; index += 1) encodedText(`${index}${"z".repeat(9_000)}`);
    const again = encodedText(styles);
    expect(again).not.toBe(first);
    expect(again.equals(first)).toBe(true);
  });
});
