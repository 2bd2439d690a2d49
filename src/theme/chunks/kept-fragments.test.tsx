import { Suspense, use, useId } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PageRewriter } from "../entry/after-first-paint.ts";
import { FragmentCatch, partEnd } from "../entry/fragment-catch.ts";
import { PageSink } from "../entry/page-sink.ts";
import { hydrateLater, renderOnServer } from "./hydrate-later.tsx";
import { FragmentCatcherContext, keptFragment } from "./kept-fragments.ts";

const asIs: PageRewriter = { push: (bytes) => [bytes], end: () => [] };

/** How many times the part's own component was drawn. */
let drawnTimes = 0;
const countDraw = () => {
  drawnTimes += 1;
};

function Links({ label, count }: { label: string; count: number }) {
  countDraw();
  const id = useId();
  return (
    <nav aria-labelledby={id}>
      <h2 id={id}>{label}</h2>
      <ul>
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <a href={`/collections/${index}`}>{`${label} ${index}`}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

renderOnServer({ "kept-links": Links as never, "drawn-links": Links as never });
const KeptLinks = hydrateLater("kept-links", async () => Links, { useServerKey: ({ label, count }) => (label === "never kept" ? null : `${label}|${count}`) });
const DrawnLinks = hydrateLater("drawn-links", async () => Links);

function Page({ label, count = 3, footer = "Footer" }: { label: string; count?: number; footer?: string }) {
  return (
    <body>
      <header>
        <KeptLinks label={label} count={count} />
      </header>
      <main>Page</main>
      <footer>
        <DrawnLinks label={footer} count={1} />
      </footer>
    </body>
  );
}

/** A page rendered as the server renders one: through the page sink, with a catch for its kept parts. */
async function rendered(page: React.ReactNode, catching = true): Promise<string> {
  const fragments = new FragmentCatch();
  const sink = new PageSink(asIs, () => {}, undefined, (bytes) => fragments.observe(bytes));
  const { pipe } = renderToPipeableStream(<FragmentCatcherContext.Provider value={catching ? fragments : null}>{page}</FragmentCatcherContext.Provider>, {
    onAllReady: () => pipe(sink as unknown as NodeJS.WritableStream),
  });
  const decoder = new TextDecoder();
  let html = "";
  for await (const chunk of sink.body as unknown as AsyncIterable<Uint8Array>) html += decoder.decode(chunk, { stream: true });
  return html;
}

const drawsDuring = async (work: () => Promise<string>) => {
  const before = drawnTimes;
  const html = await work();
  return { html, draws: drawnTimes - before };
};

describe("a frame part the server keeps", () => {
  it("is drawn once, and later pages write the same HTML without drawing it", async () => {
    const first = await drawsDuring(() => rendered(<Page label="Menu one" />));
    // The kept part and the part drawn every time.
    expect(first.draws).toBe(2);
    expect(first.html).toContain('<div class="later" data-later="kept-links"><!--$--><nav');
    const second = await drawsDuring(() => rendered(<Page label="Menu one" />));
    expect(second.draws).toBe(1);
    expect(second.html).toBe(first.html);
    // Its ids are the ones React gave it in its place.
    expect(second.html).toMatch(/<nav aria-labelledby="(_R_[\w]+_)"><h2 id="\1">Menu one<\/h2>/);
  });

  it("is drawn again when what it is drawn from changes, and each version is kept under its own key", async () => {
    await rendered(<Page label="Menu two" />);
    const longer = await drawsDuring(() => rendered(<Page label="Menu two" count={4} />));
    expect(longer.draws).toBe(2);
    expect(longer.html).toContain("Menu two 3</a>");
    const again = await drawsDuring(() => rendered(<Page label="Menu two" count={4} />));
    expect(again.draws).toBe(1);
    expect(again.html).toBe(longer.html);
    expect((await drawsDuring(() => rendered(<Page label="Menu two" />))).draws).toBe(1);
  });

  it("leaves the rest of the page to be drawn each time", async () => {
    await rendered(<Page label="Menu three" footer="First footer" />);
    const html = await rendered(<Page label="Menu three" footer="Second footer" />);
    expect(html).toContain("Second footer 0</a>");
    expect(html).not.toContain("First footer");
  });

  it("is always drawn when its key says so, or outside a page's render", async () => {
    for (let round = 0; round < 2; round += 1) expect((await drawsDuring(() => rendered(<Page label="never kept" />))).draws).toBe(2);
    for (let round = 0; round < 2; round += 1) expect((await drawsDuring(() => rendered(<Page label="Menu four" />, false))).draws).toBe(2);
  });

  it("is not kept when a boundary inside it had not finished when the shell went out", async () => {
    let finish!: (text: string) => void;
    const later = new Promise<string>((resolve) => {
      finish = resolve;
    });
    function Waiting() {
      return <p>{use(later)}</p>;
    }
    let slowDraws = 0;
    const countSlowDraw = () => {
      slowDraws += 1;
    };
    function Slow({ label }: { label: string }) {
      countSlowDraw();
      return (
        <div>
          {label}
          <Suspense fallback={<p>Loading</p>}>
            <Waiting />
          </Suspense>
        </div>
      );
    }
    renderOnServer({ slow: Slow as never });
    const SlowPart = hydrateLater("slow", async () => Slow, { useServerKey: ({ label }) => label });
    const fragments = new FragmentCatch();
    const sink = new PageSink(asIs, () => {}, undefined, (bytes) => fragments.observe(bytes));
    const { pipe } = renderToPipeableStream(
      <FragmentCatcherContext.Provider value={fragments}>
        <SlowPart label="slow part" />
      </FragmentCatcherContext.Provider>,
      { onShellReady: () => pipe(sink as unknown as NodeJS.WritableStream) },
    );
    const reader = sink.body.getReader();
    const shell = new TextDecoder().decode((await reader.read()).value);
    expect(shell).toContain("<!--$?-->");
    finish("done");
    while (!(await reader.read()).done);
    await rendered(<SlowPart label="slow part" />);
    expect(slowDraws).toBe(2);
  });
});

describe("where a part's HTML ends", () => {
  const bytes = (html: string) => Buffer.from(html);
  it("is after the boundary it opens with, counting the boundaries inside it", () => {
    const html = "<!--$--><nav><!--$--><p>a</p><!--/$--><!-- --><p>b</p></nav><!--/$--></div><p>after</p>";
    expect(partEnd(bytes(html), 0)).toBe(html.indexOf("</div>"));
  });

  it("is nowhere when the part holds an unfinished or failed boundary, is cut short, or is not a part", () => {
    expect(partEnd(bytes("<!--$--><!--$?--><template></template><p>Loading</p><!--/$--><!--/$--></div>"), 0)).toBe(-1);
    expect(partEnd(bytes("<!--$--><!--$!--><p>Failed</p><!--/$--><!--/$--></div>"), 0)).toBe(-1);
    expect(partEnd(bytes("<!--$--><nav><a>cut"), 0)).toBe(-1);
    expect(partEnd(bytes("<!--$--><nav></nav><!--/$--><p>not the element's end</p></div>"), 0)).toBe(-1);
    expect(partEnd(bytes("<nav></nav></div>"), 0)).toBe(-1);
  });

  it("is kept only when the whole part is in one piece of the page", () => {
    const catcher = new FragmentCatch();
    catcher.want("cut", "cut-key");
    catcher.observe(bytes('<p>before</p><div class="later" data-later="cut"><!--$--><nav>'));
    catcher.observe(bytes("</nav><!--/$--></div>"));
    expect(keptFragment("cut-key")).toBeUndefined();
    const whole = new FragmentCatch();
    whole.want("whole", "whole-key");
    whole.observe(bytes("<p>first piece</p>"));
    whole.observe(bytes('<div class="later" data-later="whole"><!--$--><nav>Menu</nav><!--/$--></div>'));
    expect(keptFragment("whole-key")).toBe("<!--$--><nav>Menu</nav><!--/$-->");
  });
});
