import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { paths } from "../../../domain/paths.ts";
import { useLocalizedPath, useSiteContent } from "../../layout/page-language.ts";
import "../page-hero.css";
import "./services.css";
import { Packages } from "./packages.tsx";

export function ServicesPage() {
  const { t } = useLingui();
  const { services } = useSiteContent();
  const localized = useLocalizedPath();
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>{services.headline}</h1>
          <p className="page-hero__text">{services.intro}</p>
        </div>
      </section>
      <section className="section" aria-label={t`Our lessons`}>
        <ul className="container services__list">
          {services.lessons.map((lesson) => (
            <li key={lesson.title} className="service-card">
              <h2>{lesson.title}</h2>
              <p className="service-card__ages">{lesson.ages}</p>
              <p>{lesson.description}</p>
              <Link to={localized(paths.contact)} className="button button--blue service-card__cta">
                {services.cta}
                <span className="visually-hidden">: {lesson.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <Packages />
    </>
  );
}
