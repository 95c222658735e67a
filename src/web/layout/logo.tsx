import { useLingui } from "@lingui/react/macro";
import { useSiteContent } from "./page-language.ts";

/** The white wordmark, for the blue header and the navy footer. */
export function Logo({ className }: { className?: string }) {
  const { t } = useLingui();
  const school = useSiteContent().school.name;
  return <img className={className} src="/logo.svg" alt={t`${school} home page`} width="181" height="48" />;
}
