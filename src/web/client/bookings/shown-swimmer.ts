import { queryParams } from "../../../domain/paths.ts";

/** The swimmer the address shows (queryParams.swimmer), when it is one of the household's; null: all of them. */
export function shownSwimmer(params: URLSearchParams, swimmers: readonly { id: string }[]): string | null {
  const wanted = params.get(queryParams.swimmer);
  return swimmers.some((swimmer) => swimmer.id === wanted) ? wanted : null;
}

/** The address showing one swimmer (`swimmerId`), or all of them (empty). */
export function withSwimmer(params: URLSearchParams, swimmerId: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (swimmerId) next.set(queryParams.swimmer, swimmerId);
  else next.delete(queryParams.swimmer);
  return next;
}
