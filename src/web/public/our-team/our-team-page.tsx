import { useLingui } from "@lingui/react/macro";
import { mediaName, Picture } from "../../components/picture.tsx";
import { useSiteContent } from "../../layout/page-language.ts";
import "../page-hero.css";
import "./our-team.css";

export function OurTeamPage() {
  const { t } = useLingui();
  const { team } = useSiteContent();
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>{team.heading}</h1>
          <p className="page-hero__text">{team.intro}</p>
        </div>
      </section>
      <section className="section" aria-label={t`Team members`}>
        <ul className="container team__list">
          {team.members.map((member, index) => (
            <li key={member.name} className="team-card">
              <Picture
                name={mediaName(member.image)}
                alt={member.alt}
                sizes="(max-width: 768px) 90vw, 360px"
                priority={index === 0}
                className="team-card__photo"
              />
              <div className="team-card__body">
                <h2>{member.name}</h2>
                <p className="team-card__role">{member.role}</p>
                <p>{member.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
