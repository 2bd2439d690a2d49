import useEmblaCarousel from "embla-carousel-react";
import { useEffect } from "react";

export type EmblaApi = NonNullable<ReturnType<typeof useEmblaCarousel>[1]>;
export type EmblaOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

/**
 * Embla, attached to a carousel's server-rendered viewport. Loaded on its own
 * after the page is interactive: CSS already lays the slides out, so until
 * it arrives the carousel only cannot move yet.
 */
export default function SliderEngine({ viewport, options, onApi }: { viewport: HTMLElement; options: EmblaOptions; onApi: (api: EmblaApi | undefined) => void }) {
  const [attach, api] = useEmblaCarousel(options);
  useEffect(() => attach(viewport), [attach, viewport]);
  useEffect(() => {
    onApi(api);
    return () => onApi(undefined);
  }, [api, onApi]);
  return null;
}
