export interface ReactRouterPatch {
  file: string;
  find: string;
  replace: string;
}
export const REACT_ROUTER_PATCHES: ReactRouterPatch[];
export function patchText(
  text: string,
  patches: ReactRouterPatch[],
): { text: string; applied: ReactRouterPatch[]; present: ReactRouterPatch[]; missing: ReactRouterPatch[] };
export function reactRouterDist(from?: string): string;
export function patchReactRouter(options?: { check?: boolean; from?: string }): { applied: number; present: number; missing: string[] };
