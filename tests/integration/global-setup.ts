import { buildIfStale } from "../../scripts/build-if-stale.ts";

/**
 * Builds the theme and the compiled server once, before any test file runs,
 * when their sources changed: the one place the integration tests build them,
 * since files run side by side and two building at once would write over
 * each other's output.
 */
export default function setup(): void {
  buildIfStale();
}
