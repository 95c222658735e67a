import { describe, expect, it } from "vitest";
import { maxUploadBytes } from "../../../domain/media.ts";
import { mediaMessages } from "../../../domain/messages.ts";
import { queryParams } from "../../../domain/paths.ts";
import {
  galleryImageFileName,
  mediaFiltersFrom,
  mediaListQuery,
  milestoneFileName,
  pageCount,
  withFilter,
  withPage,
} from "./media-filters.ts";
import { chosenImageProblem } from "./upload-checks.ts";

const today = new Date(2026, 10, 20);
const address = (query: Record<string, string>) => new URLSearchParams(query);

describe("the media filters in the address", () => {
  it("start at All Months, All Years, All Types, all swimmers, page 1", () => {
    expect(mediaFiltersFrom(address({}), today)).toEqual({
      month: null,
      year: null,
      type: null,
      swimmer: null,
      page: 1,
    });
  });

  it("read a month, one of the five years, a type and a page", () => {
    const params = address({
      [queryParams.mediaMonth]: "3",
      [queryParams.mediaYear]: "2022",
      [queryParams.mediaType]: "video",
      [queryParams.swimmer]: "swimmer-leo",
      [queryParams.mediaPage]: "2",
    });
    expect(mediaFiltersFrom(params, today)).toEqual({
      month: 3,
      year: 2022,
      type: "video",
      swimmer: "swimmer-leo",
      page: 2,
    });
  });

  it("fall back for anything a person could not have picked", () => {
    const params = address({
      [queryParams.mediaMonth]: "13",
      [queryParams.mediaYear]: "2021",
      [queryParams.mediaType]: "audio",
      [queryParams.swimmer]: "../leo",
      [queryParams.mediaPage]: "-1",
    });
    expect(mediaFiltersFrom(params, today)).toEqual({
      month: null,
      year: null,
      type: null,
      swimmer: null,
      page: 1,
    });
  });

  it("go back to page 1 when a filter changes, and drop a filter set to all", () => {
    const params = address({ [queryParams.mediaMonth]: "3", [queryParams.mediaPage]: "4" });
    const next = withFilter(params, queryParams.mediaMonth, "");
    expect(next.has(queryParams.mediaMonth)).toBe(false);
    expect(next.has(queryParams.mediaPage)).toBe(false);
    expect(withFilter(params, queryParams.mediaType, "image").get(queryParams.mediaType)).toBe("image");
    expect(withPage(params, 1).has(queryParams.mediaPage)).toBe(false);
    expect(withPage(params, 5).get(queryParams.mediaPage)).toBe("5");
  });

  it("become the list call's query, leaving out what is all", () => {
    expect(mediaListQuery({ month: null, year: 2026, type: null, page: 2 })).toBe(
      new URLSearchParams([
        ["year", "2026"],
        ["page", "2"],
      ]).toString(),
    );
    expect(
      new URLSearchParams(mediaListQuery({ month: 12, year: 2025, type: "image", page: 1 })).get("type"),
    ).toBe("image");
    expect(mediaListQuery({ month: null, year: null, type: null, page: 1 })).toBe("page=1");
  });
});

describe("paging and downloads", () => {
  it("counts at least one page", () => {
    expect([pageCount(0, 8), pageCount(8, 8), pageCount(9, 8), pageCount(19, 9)]).toEqual([1, 1, 2, 3]);
  });

  it("names the saved files as a swim milestone jpg and a swim image jpg, by date", () => {
    const uploaded = new Date(2026, 2, 5, 14, 30).toISOString();
    expect(milestoneFileName(uploaded)).toBe("swim-milestone-2026-03-05.jpg");
    expect(galleryImageFileName("2025-07-14")).toBe("swim-image-2025-07-14.jpg");
  });
});

describe("a chosen file", () => {
  it("is refused early when the browser knows it is not a PNG or JPEG, or it is over 10 MB", () => {
    expect(chosenImageProblem({ type: "image/png", size: 1000 })).toBeNull();
    expect(chosenImageProblem({ type: "image/jpeg", size: maxUploadBytes })).toBeNull();
    expect(chosenImageProblem({ type: "", size: 1000 })).toBeNull();
    expect(chosenImageProblem({ type: "image/svg+xml", size: 1000 })).toBe(mediaMessages.notAnImage);
    expect(chosenImageProblem({ type: "image/png", size: maxUploadBytes + 1 })).toBe(mediaMessages.tooLarge);
  });
});
