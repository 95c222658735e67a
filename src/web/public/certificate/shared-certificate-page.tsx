import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { type SharedCertificateResponse, sharedCertificatePdfPath } from "../../../domain/certificates.ts";
import { inLanguage } from "../../../domain/curriculum.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { ApiError, apiFetch, errorMessageOf } from "../../api/http.ts";
import "./shared-certificate.css";

type Shown =
  | { state: "loading" }
  | { state: "shown"; certificate: SharedCertificateResponse["certificate"] }
  | { state: "gone"; message: string };

/**
 * /certificate/<token>: a certificate a family shares (issue 28, docs/decisions/027), for anyone with the link,
 * signed out. It shows the certificate and nothing else; once the family stops sharing, only that.
 */
export function SharedCertificatePage() {
  const { token = "" } = useParams();
  const { i18n } = useLingui();
  const [shown, setShown] = useState<Shown>({ state: "loading" });

  useEffect(() => {
    let current = true;
    apiFetch<SharedCertificateResponse>(`/api/shared-certificates/${encodeURIComponent(token)}`).then(
      ({ certificate }) => current && setShown({ state: "shown", certificate }),
      (error: unknown) =>
        current &&
        setShown({
          state: "gone",
          message: error instanceof ApiError && error.status === 404 ? error.message : errorMessageOf(error),
        }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (shown.state !== "shown") {
    return (
      <section className="shared-certificate" aria-labelledby="shared-certificate-title">
        <h1 id="shared-certificate-title">
          <Trans>Certificate</Trans>
        </h1>
        <div aria-live="polite">
          {shown.state === "loading" ? (
            <p>
              <Trans>Loading the certificate…</Trans>
            </p>
          ) : (
            <p className="shared-certificate__gone" role="alert">
              {shown.message}
            </p>
          )}
        </div>
      </section>
    );
  }
  const { certificate } = shown;
  const level = inLanguage(
    certificate.level.name,
    certificate.level.nameEs,
    i18n.locale === "es" ? "es" : "en",
  );
  const date = formatDay(certificate.passedOn);
  const instructor = certificate.instructor;
  const number = certificate.number;
  return (
    <section className="shared-certificate" aria-labelledby="shared-certificate-title">
      <article className="shared-certificate__card">
        <p className="shared-certificate__school">{certificate.school}</p>
        <h1 id="shared-certificate-title">
          <Trans>Certificate of achievement</Trans>
        </h1>
        <p>
          <Trans>This certifies that</Trans>
        </p>
        <p className="shared-certificate__swimmer">{certificate.swimmerName}</p>
        <p>
          <Trans>has passed the level</Trans>
        </p>
        <p className="shared-certificate__level">{level}</p>
        <p>
          <Trans>on {date}</Trans>
        </p>
        <dl className="shared-certificate__facts">
          {instructor && (
            <div>
              <dt>
                <Trans>Instructor</Trans>
              </dt>
              <dd>{instructor}</dd>
            </div>
          )}
          {number && (
            <div>
              <dt>
                <Trans>Certificate number</Trans>
              </dt>
              <dd>{number}</dd>
            </div>
          )}
        </dl>
      </article>
      <a className="button button--blue" href={sharedCertificatePdfPath(token)} download>
        <Trans>Download PDF</Trans>
      </a>
    </section>
  );
}
