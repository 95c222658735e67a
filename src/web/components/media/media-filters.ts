import { filterYears, type GalleryMediaType, galleryMediaTypes } from "../../../domain/media.ts";
import type { GalleryListQuery, MilestoneListQuery } from "../../../domain/media-schemas.ts";
import { queryParams } from "../../../domain/paths.ts";

/**
 * The filters of /milestones and /gallery as the address carries them (spec §2): month (absent: All Months),
 * year (one of the current year and the four before; absent or anything else: All Years, so a parent opening the
 * page in January still sees December's photos), type (gallery only; absent: All Types) and page. Filtering and paging run on the server; this only reads and writes them.
 */
export interface MediaFilters {
  month: number | null;
  /** null: All Years. */
  year: number | null;
  type: GalleryMediaType | null;
  /** One swimmer of a household of several; null: all of them. */
  swimmer: string | null;
  page: number;
}

export function mediaFiltersFrom(params: URLSearchParams, today: Date): MediaFilters {
  const month = Number(params.get(queryParams.mediaMonth));
  const year = Number(params.get(queryParams.mediaYear));
  const type = params.get(queryParams.mediaType);
  const page = Number(params.get(queryParams.mediaPage));
  const swimmer = params.get(queryParams.swimmer);
  const years = filterYears(today);
  return {
    month: Number.isInteger(month) && month >= 1 && month <= 12 ? month : null,
    year: years.includes(year) ? year : null,
    type: galleryMediaTypes.find((known) => known === type) ?? null,
    swimmer: swimmer && /^[A-Za-z0-9_-]{1,64}$/.test(swimmer) ? swimmer : null,
    page: Number.isInteger(page) && page >= 1 && page <= 999_999 ? page : 1,
  };
}

export type FilterName =
  | typeof queryParams.mediaMonth
  | typeof queryParams.mediaYear
  | typeof queryParams.mediaType
  | typeof queryParams.swimmer;

/** The address after one filter changed: a new filter starts again at page 1. An empty value means "all". */
export function withFilter(params: URLSearchParams, filter: FilterName, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(filter, value);
  else next.delete(filter);
  next.delete(queryParams.mediaPage);
  return next;
}

export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set(queryParams.mediaPage, String(page));
  else next.delete(queryParams.mediaPage);
  return next;
}

/** The list call's query string, named by the server's schema so a renamed parameter fails to compile. */
export function mediaListQuery(filters: Partial<MediaFilters>): string {
  const query: Partial<Record<keyof GalleryListQuery | keyof MilestoneListQuery, string>> = {};
  if (filters.month) query.month = String(filters.month);
  if (filters.year) query.year = String(filters.year);
  if (filters.type) query.type = filters.type;
  if (filters.swimmer) query.swimmer = filters.swimmer;
  query.page = String(filters.page ?? 1);
  return new URLSearchParams(query).toString();
}

/** At least one page, so an empty list still reads "Page 1 of 1". */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** A local calendar date as YYYY-MM-DD (spec §9). */
export function localDate(instant: string | Date): string {
  const date = new Date(instant);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** What Download saves (spec §2: a swim milestone jpg, a swim image jpg). */
export const milestoneFileName = (timestamp: string) => `swim-milestone-${localDate(timestamp)}.jpg`;
export const galleryImageFileName = (date: string) => `swim-image-${date}.jpg`;
