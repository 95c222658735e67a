import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { Link } from "react-router";
import { type CertificateReview, levelResultPdfPath } from "../../../domain/certificates.ts";
import { inLanguage } from "../../../domain/curriculum.ts";
import { isLocale, type Locale } from "../../../domain/locale.ts";
import { paths } from "../../../domain/paths.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { errorMessageOf } from "../../api/http.ts";
import { useToast } from "../../components/toast/toast.tsx";
import { useApproveCertificate, useCertificateReview, useCertificateSettings } from "../api/certificates.ts";
import "./certificates.css";

/**
 * /certificates (issue 28, docs/decisions/027), the owner's: the levels swimmers passed that wait for approval, each
 * with its report card (skills, ratings, the instructor's comments) and "Approve and publish", then the latest
 * published. Approving mails the family; School settings says whether passes wait here at all.
 */
export function CertificatesPage() {
  const { t } = useLingui();
  const review = useCertificateReview();
  const waiting = review.data?.waiting.length ?? 0;
  return (
    <section className="admin-page certificates">
      <h1>
        <Trans>Certificates</Trans>
      </h1>
      <ApprovalNote />
      {review.isPending ? (
        <p role="status">
          <Trans>Loading the certificates…</Trans>
        </p>
      ) : review.isError ? (
        <div className="admin-form__error" role="alert">
          <p>
            {t`Could not load the certificates.`} {errorMessageOf(review.error)}
          </p>
          <button type="button" className="admin-button" onClick={() => void review.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : (
        <>
          <section aria-labelledby="certificates-waiting">
            <h2 id="certificates-waiting">
              <Trans>Waiting for your approval ({waiting})</Trans>
            </h2>
            {review.data.waiting.length === 0 ? (
              <p className="certificates__empty">
                <Trans>Nothing waits: every level passed is published.</Trans>
              </p>
            ) : (
              <ul className="certificates__list">
                {review.data.waiting.map((result) => (
                  <Draft key={result.id} result={result} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="certificates-published">
            <h2 id="certificates-published">
              <Trans>Published</Trans>
            </h2>
            {review.data.published.length === 0 ? (
              <p className="certificates__empty">
                <Trans>No certificate published yet.</Trans>
              </p>
            ) : (
              <ul className="certificates__list">
                {review.data.published.map((result) => (
                  <PublishedItem key={result.id} result={result} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}

function ApprovalNote() {
  const settings = useCertificateSettings();
  if (!settings.data) return null;
  return (
    <p className="certificates__hint">
      {settings.data.settings.approveBeforePublishing ? (
        <Trans>
          When a swimmer passes a level, its certificate and report card wait here until you approve them;
          then the family can download them and gets a mail. You can publish them at once instead in{" "}
          <Link to={`${paths.adminSettings}#certificates`}>School settings</Link>.
        </Trans>
      ) : (
        <Trans>
          Certificates are published as soon as a swimmer passes a level, without waiting for you. You can ask
          for your approval first in <Link to={`${paths.adminSettings}#certificates`}>School settings</Link>.
        </Trans>
      )}
    </p>
  );
}

function useLocaleOf(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : "en";
}

/** Who, which level, when, by whom: the facts of a result, as a description list. */
function Facts({ result }: { result: CertificateReview }) {
  const { t } = useLingui();
  return (
    <dl className="certificates__facts">
      <div>
        <dt>{t`Household`}</dt>
        <dd>{result.household.name}</dd>
      </div>
      <div>
        <dt>{t`Passed on`}</dt>
        <dd>{formatDay(result.passedOn)}</dd>
      </div>
      <div>
        <dt>{t`Instructor`}</dt>
        <dd>{result.instructor ?? t`Not known`}</dd>
      </div>
      {result.certificateNumber && (
        <div>
          <dt>{t`Certificate number`}</dt>
          <dd>{result.certificateNumber}</dd>
        </div>
      )}
    </dl>
  );
}

function Downloads({ result }: { result: CertificateReview }) {
  return (
    <div className="certificates__downloads">
      <a className="admin-button admin-button--secondary" href={levelResultPdfPath(result.id, "certificate")}>
        <Trans>Certificate (PDF)</Trans>
      </a>
      <a className="admin-button admin-button--secondary" href={levelResultPdfPath(result.id, "report-card")}>
        <Trans>Report card (PDF)</Trans>
      </a>
    </div>
  );
}

function Draft({ result }: { result: CertificateReview }) {
  const { t } = useLingui();
  const toast = useToast();
  const locale = useLocaleOf();
  const approve = useApproveCertificate();
  const titleId = useId();
  const level = inLanguage(result.level.name, result.level.nameEs, locale);
  const swimmer = result.swimmer.name;

  async function onApprove() {
    try {
      toast("success", (await approve.mutateAsync(result.id)).message);
    } catch (caught) {
      toast("error", errorMessageOf(caught));
    }
  }

  return (
    <li className="admin-card certificates__item" aria-labelledby={titleId}>
      <h3 id={titleId}>
        <Trans>
          {swimmer} passed {level}
        </Trans>
      </h3>
      <Facts result={result} />
      <table className="certificates__skills">
        <caption>{t`Report card`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Skill`}</th>
            <th scope="col">{t`Rating`}</th>
          </tr>
        </thead>
        <tbody>
          {result.skills.map((skill) => (
            <tr key={skill.skillId}>
              <th scope="row">
                {inLanguage(skill.name, skill.nameEs, locale)}
                {!skill.required && <span className="certificates__optional"> {t`(optional)`}</span>}
                {skill.rating?.note && <span className="certificates__note">{skill.rating.note}</span>}
              </th>
              <td className={skill.rating?.mastered ? "certificates__mastered" : undefined}>
                {skill.rating
                  ? inLanguage(skill.rating.label, skill.rating.labelEs, locale)
                  : t`Not assessed`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="admin-form__actions certificates__actions">
        <button
          type="button"
          className="admin-button"
          disabled={approve.isPending}
          onClick={() => void onApprove()}
        >
          {approve.isPending ? <Trans>Publishing…</Trans> : <Trans>Approve and publish</Trans>}
        </button>
        <Downloads result={result} />
      </div>
    </li>
  );
}

function PublishedItem({ result }: { result: CertificateReview }) {
  const locale = useLocaleOf();
  const titleId = useId();
  const level = inLanguage(result.level.name, result.level.nameEs, locale);
  const swimmer = result.swimmer.name;
  return (
    <li className="admin-card certificates__item" aria-labelledby={titleId}>
      <h3 id={titleId}>
        <Trans>
          {swimmer} passed {level}
        </Trans>
      </h3>
      <Facts result={result} />
      <Downloads result={result} />
    </li>
  );
}
