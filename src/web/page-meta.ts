import content from "../content/site.json";

/** What a route tells the document head: set by the prerenderer in HTML and by the layout on navigation. */
export interface PageMeta {
  title: string;
  description: string;
}

export function documentTitle(meta: PageMeta | undefined): string {
  return meta ? `${meta.title} | ${content.school.name}` : content.school.name;
}
