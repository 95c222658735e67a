import { Link } from "react-router";
import content from "../../../content/site.json";
import { paths } from "../../../domain/paths.ts";
import "../page-hero.css";
import "./services.css";
import { Packages } from "./packages.tsx";

const services = content.services;

export function ServicesPage() {
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>{services.headline}</h1>
          <p className="page-hero__text">{services.intro}</p>
        </div>
      </section>
      <section className="section" aria-label="Our lessons">
        <ul className="container services__list">
          {services.lessons.map((lesson) => (
            <li key={lesson.title} className="service-card">
              <h2>{lesson.title}</h2>
              <p className="service-card__ages">{lesson.ages}</p>
              <p>{lesson.description}</p>
              <Link to={paths.contact} className="button button--blue service-card__cta">
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
