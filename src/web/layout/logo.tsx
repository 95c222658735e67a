import { useLingui } from "@lingui/react/macro";
import { useSiteContent } from "./page-language.ts";

/**
 * The white wordmark, for the blue header and the navy footer. Asked for at low priority, and so without the
 * preload React would write for it: a small image, never a page's largest paint, which Chrome otherwise raised to
 * high priority in some loads and not others, and Lighthouse's simulated LCP then counted it before the page's
 * own (the photo pages' LCP moved by a round trip with it, issue 31).
 */
export function Logo({ className }: { className?: string }) {
  const { t } = useLingui();
  const school = useSiteContent().school.name;
  return (
    <img
      className={className}
      src="/logo.svg"
      alt={t`${school} home page`}
      width="181"
      height="48"
      fetchPriority="low"
    />
  );
}
