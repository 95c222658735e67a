import { Link } from "react-router";
import { paths } from "../../../domain/paths.ts";
import { useLocalizedPath, useSiteContent } from "../../layout/page-language.ts";
import { diveBannerRepeats } from "../public-rules.ts";

/**
 * The scrolling "Dive In Now!" banner, a link to the contact page. It renders the desktop count and marks the
 * repeats beyond the mobile count, which CSS hides at 768 px or less, so the prerendered HTML is right at both
 * widths. Only the first repeat is read out. Scrolling the track by half its width loops seamlessly, since its
 * second half repeats its first.
 */
export function DiveBanner() {
  const label = useSiteContent().home.banner.text;
  const localized = useLocalizedPath();
  return (
    <Link to={localized(paths.contact)} className="dive-banner">
      <span className="dive-banner__track">
        {Array.from({ length: diveBannerRepeats.desktop }, (_, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: identical repeats, never reordered.
            key={index}
            className={
              index < diveBannerRepeats.mobile
                ? "dive-banner__item"
                : "dive-banner__item dive-banner__item--wide"
            }
            aria-hidden={index > 0 ? true : undefined}
          >
            {label}
          </span>
        ))}
      </span>
    </Link>
  );
}
