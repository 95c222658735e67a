/**
 * A link that opens an address in the phone's maps app (docs/decisions/023): Google Maps' documented cross-platform
 * search URL. On Android it opens the Maps app; on an iPhone the Google Maps app where installed, else Maps on the
 * web, which offers Apple Maps' directions too. A `geo:` link does nothing in an iPhone's Safari.
 */
export function mapsLink(address: string): string {
  return `https://www.google.com/maps/search/?${new URLSearchParams({ api: "1", query: address })}`;
}
