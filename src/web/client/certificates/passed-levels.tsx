import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { levelResultPdfPath, type PassedLevel } from "../../../domain/certificates.ts";
import { inLanguage } from "../../../domain/curriculum.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { errorMessageOf } from "../../api/http.ts";
import { useAuth } from "../../auth/auth-store.ts";
import { ListState } from "../../components/list-state.tsx";
import { usePassedLevels, useShareCertificate, useStopSharing } from "./api.ts";
import "./passed-levels.css";

/**
 * A swimmer's passed levels on Class Progress (issue 28, docs/decisions/027): each published level with its
 * certificate (A4 or Letter) and report card to download, and a share link of the certificate that the family makes,
 * copies and stops. Shown to the guardians who may see progress (and staff looking on).
 */
export function PassedLevels({ swimmer }: { swimmer: { id: string; firstName: string } }) {
  const { t } = useLingui();
  const auth = useAuth();
  const headingId = useId();
  const allowed = auth.status !== "client" || auth.user.guardianOf?.permissions.progress !== false;
  const query = usePassedLevels(swimmer.id, allowed);
  if (!allowed) return null;
  const name = swimmer.firstName;
  return (
    <section className="passed-levels" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Certificates of {name}</Trans>
      </h2>
      {!query.data || query.isError ? (
        <ListState
          what={t`the certificates`}
          isError={query.isError}
          error={query.error}
          loaded={query.data !== undefined}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.levelResults.length === 0 ? (
        <p className="passed-levels__empty">
          <Trans>
            No level passed yet. When {name} passes a level, its certificate and report card show here.
          </Trans>
        </p>
      ) : (
        <ul className="passed-levels__list">
          {query.data.levelResults.map((level) => (
            <PassedLevelItem key={level.id} level={level} swimmerId={swimmer.id} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PassedLevelItem({ level, swimmerId }: { level: PassedLevel; swimmerId: string }) {
  const { i18n } = useLingui();
  const titleId = useId();
  const levelName = inLanguage(level.level.name, level.level.nameEs, i18n.locale === "es" ? "es" : "en");
  const date = formatDay(level.passedOn);
  const number = level.certificateNumber;
  return (
    <li className="passed-levels__item" aria-labelledby={titleId}>
      <h3 id={titleId}>{levelName}</h3>
      <p className="passed-levels__when">
        <Trans>Passed on {date}</Trans>
        {number && (
          <>
            {" · "}
            <Trans>Certificate number {number}</Trans>
          </>
        )}
      </p>
      <div className="passed-levels__downloads">
        <a className="button button--blue" href={levelResultPdfPath(level.id, "certificate", "a4")} download>
          <Trans>Download certificate (A4)</Trans>
        </a>
        <a
          className="button button--blue"
          href={levelResultPdfPath(level.id, "certificate", "letter")}
          download
        >
          <Trans>Download certificate (Letter)</Trans>
        </a>
        <a
          className="button passed-levels__secondary"
          href={levelResultPdfPath(level.id, "report-card")}
          download
        >
          <Trans>Download report card</Trans>
        </a>
      </div>
      <ShareLink level={level} swimmerId={swimmerId} levelName={levelName} />
    </li>
  );
}

/** The certificate's share link: shown once made (only its hash is kept), copied, stopped. */
function ShareLink({
  level,
  swimmerId,
  levelName,
}: {
  level: PassedLevel;
  swimmerId: string;
  levelName: string;
}) {
  const { t } = useLingui();
  const share = useShareCertificate(swimmerId);
  const stop = useStopSharing(swimmerId);
  const [link, setLink] = useState<string | null>(null);
  const [message, setMessage] = useState("");
  const inputId = useId();
  const shared = level.shared || link !== null;
  const failure = share.error ?? stop.error;

  function makeLink() {
    setMessage("");
    share.mutate(level.id, {
      onSuccess: (answer) => {
        setLink(answer.url);
        setMessage(answer.message);
      },
    });
  }

  function stopSharing() {
    setMessage("");
    stop.mutate(level.id, {
      onSuccess: (answer) => {
        setLink(null);
        setMessage(answer.message);
      },
    });
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setMessage(t`Link copied.`);
    } catch {
      document.getElementById(inputId)?.focus();
      setMessage(t`Copy did not work here: the link is selected, copy it with your keyboard.`);
    }
  }

  return (
    <div className="passed-levels__share">
      {link && (
        <>
          <label htmlFor={inputId} className="passed-levels__label">
            <Trans>Share link of the certificate {levelName}</Trans>
          </label>
          <div className="passed-levels__link-row">
            <input
              id={inputId}
              type="text"
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="button button--blue" onClick={() => void copy()}>
              <Trans>Copy link</Trans>
            </button>
          </div>
        </>
      )}
      {!link && level.shared && (
        <p className="passed-levels__hint">
          <Trans>This certificate is shared: anyone with its link can see it.</Trans>
        </p>
      )}
      <div className="passed-levels__share-actions">
        <button
          type="button"
          className="button passed-levels__secondary"
          disabled={share.isPending}
          onClick={makeLink}
        >
          {shared ? <Trans>New share link</Trans> : <Trans>Share link</Trans>}
        </button>
        {shared && (
          <button
            type="button"
            className="button passed-levels__secondary"
            disabled={stop.isPending}
            onClick={stopSharing}
          >
            <Trans>Stop sharing</Trans>
          </button>
        )}
      </div>
      <p className="passed-levels__message" role="status">
        {message}
      </p>
      {failure && (
        <p className="passed-levels__error" role="alert">
          {errorMessageOf(failure)}
        </p>
      )}
    </div>
  );
}
