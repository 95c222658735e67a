import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { paths } from "../../../domain/paths.ts";
import { useCertificateReview } from "../api/certificates.ts";
import "./certificates.css";

/**
 * On /admin (issue 28): how many certificates of levels passed wait for the owner's approval, with the way to
 * /certificates (the side menu has no room left for it). Nothing while it loads or cannot be read: a reminder.
 */
export function WaitingCertificates() {
  const { t } = useLingui();
  const review = useCertificateReview();
  if (!review.data) return null;
  const count = review.data.waiting.length;
  return (
    <section className="admin-card waiting-certificates" aria-labelledby="waiting-certificates-heading">
      <div>
        <h2 id="waiting-certificates-heading">
          <Trans>Certificates</Trans>
        </h2>
        <p>
          {count === 0
            ? t`No certificate waits for your approval.`
            : plural(count, {
                one: "# certificate waits for your approval.",
                other: "# certificates wait for your approval.",
              })}
        </p>
      </div>
      <Link className="admin-button" to={paths.certificates}>
        {count === 0 ? <Trans>See certificates</Trans> : <Trans>Review certificates</Trans>}
      </Link>
    </section>
  );
}
