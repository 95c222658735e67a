import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { mediaName, Picture } from "../../components/picture.tsx";
import { useMediaQuery } from "../../components/use-media-query.ts";
import { useSiteContent } from "../../layout/page-language.ts";
import { mobileMediaQuery, reducedMotionQuery } from "../../styles/breakpoints.ts";
import { photoCarousel } from "../public-rules.ts";

/** One photo's width: the width of an item of the strip. */
const photoWidth = (scroller: HTMLElement) => scroller.querySelector("li")?.offsetWidth ?? 0;

/**
 * The endless photo strip of the About page (spec §2): it starts with the photos three times over, the arrows
 * scroll by one photo, and near the end the photos are appended again so it never runs out. Each item is exactly
 * one photo wide (its spacing is padding inside it), so "one photo" is the first item's width.
 */
export function PhotoCarousel() {
  const { t } = useLingui();
  const photos = useSiteContent().about.gallery.photos.slice(0, photoCarousel.photoCount);
  const scrollerRef = useRef<HTMLElement>(null);
  const [itemCount, setItemCount] = useState(photoCarousel.photoCount * photoCarousel.initialRepeats);
  const appending = useRef(false);
  const narrow = useMediaQuery(mobileMediaQuery);

  const scrollByPhoto = (direction: 1 | -1) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const smooth = !window.matchMedia(reducedMotionQuery).matches;
    scroller.scrollBy({ left: direction * photoWidth(scroller), behavior: smooth ? "smooth" : "auto" });
  };

  const appendWhenNearEnd = () => {
    const scroller = scrollerRef.current;
    if (!scroller || appending.current) return;
    const distanceToEnd = scroller.scrollWidth - scroller.clientWidth - scroller.scrollLeft;
    if (distanceToEnd <= photoCarousel.appendWithinPx) {
      appending.current = true;
      setItemCount((count) => count + photoCarousel.photoCount);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-armed each time the items grow.
  useEffect(() => {
    appending.current = false;
  }, [itemCount]);

  // A scroll made before the page became interactive (it hydrates once loaded) still counts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page is hydrated.
  useEffect(() => appendWhenNearEnd(), []);

  // On switching to the mobile layout (and on first showing it) the strip starts one photo in.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (narrow && scroller) scroller.scrollTo({ left: photoWidth(scroller), behavior: "instant" });
  }, [narrow]);

  return (
    <div className="carousel">
      <section
        ref={scrollerRef}
        className="carousel__scroller"
        aria-label={t`Photo gallery`}
        // The strip scrolls with the arrow keys once focused.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        onScroll={appendWhenNearEnd}
      >
        <ul className="carousel__list">
          {Array.from({ length: itemCount }, (_, index) => {
            const photo = photos[index % photos.length];
            if (!photo) return null;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: items are only ever appended.
              <li key={index} className="carousel__item">
                <Picture
                  name={mediaName(photo.name)}
                  alt={photo.alt}
                  sizes="(max-width: 768px) 80vw, 360px"
                  className="carousel__photo"
                />
              </li>
            );
          })}
        </ul>
      </section>
      <button
        type="button"
        className="carousel__arrow carousel__arrow--previous"
        aria-label={t`Previous photo`}
        onClick={() => scrollByPhoto(-1)}
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
          <path d="M13 3l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </svg>
      </button>
      <button
        type="button"
        className="carousel__arrow carousel__arrow--next"
        aria-label={t`Next photo`}
        onClick={() => scrollByPhoto(1)}
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
          <path d="M7 3l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </svg>
      </button>
    </div>
  );
}
