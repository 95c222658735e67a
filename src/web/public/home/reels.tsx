import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import type { SiteContent } from "../../../content/site-content.ts";
import { Modal } from "../../components/modal.tsx";
import { mediaName, Picture } from "../../components/picture.tsx";
import { useSiteContent } from "../../layout/page-language.ts";
import { reelCount } from "../public-rules.ts";
import { probeEmbed } from "./embed-probe.ts";

type Reel = SiteContent["reels"][number];

/**
 * The grid of reels. Each is a facade (its still, caption and a play icon) that costs no third-party request;
 * choosing one opens the modal with the larger embed. A sample entry (`"sample": true` in site.json, a stand-in
 * until the school puts in its own reels) is only its still and caption: nothing that looks playable. The reels
 * come from School settings once saved (decision 020): each keeps its place's still, so a place is its key.
 */
export function ReelsSection() {
  const content = useSiteContent();
  const text = content.home.reels;
  const reels = content.reels.slice(0, reelCount);
  const [openReel, setOpenReel] = useState<Reel | null>(null);
  return (
    <section className="section reels" aria-labelledby="reels-heading">
      <div className="container">
        <h2 id="reels-heading">{text.heading}</h2>
        <p className="section__intro">{text.intro}</p>
        <ul className="reels__grid">
          {reels.map((reel) => (
            <li key={reel.placeholder}>
              {reel.sample ? (
                <figure className="reel reel--still">
                  <Picture
                    name={mediaName(reel.placeholder)}
                    alt={reel.alt}
                    sizes="(max-width: 768px) 46vw, (max-width: 1100px) 23vw, 190px"
                    className="reel__image"
                  />
                  <figcaption className="reel__caption">{reel.caption}</figcaption>
                </figure>
              ) : (
                <button type="button" className="reel" onClick={() => setOpenReel(reel)}>
                  <Picture
                    name={mediaName(reel.placeholder)}
                    alt=""
                    sizes="(max-width: 768px) 46vw, (max-width: 1100px) 23vw, 190px"
                    className="reel__image"
                  />
                  <span className="reel__play">
                    <svg aria-hidden="true" width="22" height="22" viewBox="0 0 22 22">
                      <path d="M6 3.5v15l12-7.5z" fill="currentColor" />
                    </svg>
                  </span>
                  <span className="reel__caption">
                    <span className="visually-hidden">
                      <Trans>Play reel:</Trans>{" "}
                    </span>
                    {reel.caption}
                  </span>
                </button>
              )}
            </li>
          ))}
        </ul>
      </div>
      {openReel && <ReelModal reel={openReel} onClose={() => setOpenReel(null)} />}
    </section>
  );
}

type EmbedState = "probing" | "reachable" | "unreachable" | "placeholder-only";

function ReelModal({ reel, onClose }: { reel: Reel; onClose: () => void }) {
  const { t } = useLingui();
  const titleId = useId();
  const caption = reel.caption;
  const [embed, setEmbed] = useState<EmbedState>(reel.placeholderOnly ? "placeholder-only" : "probing");

  useEffect(() => {
    if (reel.placeholderOnly) return;
    let current = true;
    probeEmbed(reel.embedUrl).then((ok) => {
      if (current) setEmbed(ok ? "reachable" : "unreachable");
    });
    return () => {
      current = false;
    };
  }, [reel]);

  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="reel-modal">
      <div className="reel-modal__header">
        <h2 id={titleId}>{reel.caption}</h2>
        <button type="button" className="button button--blue reel-modal__close" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
      <div className="reel-modal__frame">
        <Picture
          name={mediaName(reel.placeholder)}
          alt={reel.alt}
          sizes="(max-width: 768px) 80vw, 360px"
          className="reel-modal__placeholder"
        />
        {embed === "reachable" && (
          <iframe
            className="reel-modal__embed"
            src={reel.embedUrl}
            title={t`Instagram reel: ${caption}`}
            allow="autoplay; encrypted-media; picture-in-picture; clipboard-write"
            sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
          />
        )}
      </div>
      <div className="reel-modal__footer" role="status">
        {embed === "probing" && (
          <p>
            <Trans>Loading the reel…</Trans>
          </p>
        )}
        {(embed === "unreachable" || embed === "placeholder-only") && (
          <p>
            {embed === "unreachable" && (
              <span className="reel-modal__note">
                <Trans>This reel can't be shown here right now.</Trans>{" "}
              </span>
            )}
            <a href={reel.url} target="_blank" rel="noopener">
              <Trans>Watch on Instagram</Trans>
              <span className="visually-hidden">
                {" "}
                <Trans>(opens in a new tab)</Trans>
              </span>
            </a>
          </p>
        )}
      </div>
    </Modal>
  );
}
