import { Link } from "react-router";
import content from "../../content/site.json";
import { paths } from "../../domain/paths.ts";
import "./page-hero.css";

const text = content.notFound;

export function NotFoundPage() {
  return (
    <section className="page-hero not-found">
      <div className="container">
        <h1>{text.heading}</h1>
        <p className="page-hero__text">{text.text}</p>
        <p>
          <Link to={paths.home} className="button button--blue not-found__home">
            {text.home}
          </Link>
        </p>
      </div>
    </section>
  );
}
