import { Link } from "react-router";
import content from "../../../content/site.json";
import { mediaName, Picture } from "../../components/picture.tsx";
import { paths } from "../../paths.ts";
import { PhotoCarousel } from "./photo-carousel.tsx";
import "./about.css";

const about = content.about;

export function AboutPage() {
  return (
    <>
      <section className="about-hero">
        <Picture
          name={mediaName(about.hero.image.name)}
          alt={about.hero.image.alt}
          sizes="100vw"
          priority
          className="about-hero__image"
        />
        <div className="about-hero__content container">
          <h1>{about.hero.heading}</h1>
          <p>{about.hero.text}</p>
        </div>
      </section>

      <section className="section about-split" aria-labelledby="founder-heading">
        <div className="container about-split__grid">
          <Picture
            name={mediaName(about.founder.image.name)}
            alt={about.founder.image.alt}
            sizes="(max-width: 768px) 90vw, 400px"
            className="about-split__photo about-split__photo--portrait"
          />
          <div>
            <h2 id="founder-heading">{about.founder.heading}</h2>
            <p className="about-founder__name">{about.founder.name}</p>
            {about.founder.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </section>

      <section className="section section--tint about-split" aria-labelledby="passion-heading">
        <div className="container about-split__grid about-split__grid--reverse">
          <Picture
            name={mediaName(about.passion.image.name)}
            alt={about.passion.image.alt}
            sizes="(max-width: 768px) 90vw, 45vw"
            className="about-split__photo"
          />
          <div>
            <h2 id="passion-heading">{about.passion.heading}</h2>
            <p>{about.passion.text}</p>
          </div>
        </div>
      </section>

      <section className="section about-split" aria-labelledby="teaching-heading">
        <div className="container about-split__grid">
          <Picture
            name={mediaName(about.teaching.image.name)}
            alt={about.teaching.image.alt}
            sizes="(max-width: 768px) 90vw, 45vw"
            className="about-split__photo"
          />
          <div>
            <h2 id="teaching-heading">{about.teaching.heading}</h2>
            <p>{about.teaching.text}</p>
          </div>
        </div>
      </section>

      <section className="section section--tint about-gallery" aria-labelledby="gallery-heading">
        <div className="container">
          <h2 id="gallery-heading">{about.gallery.heading}</h2>
        </div>
        <PhotoCarousel />
      </section>

      <section className="section about-thanks" aria-labelledby="thanks-heading">
        <div className="container about-thanks__inner">
          <h2 id="thanks-heading">{about.thanks.heading}</h2>
          <p>{about.thanks.text}</p>
          <Link to={paths.contact} className="button button--sun">
            {about.cta}
          </Link>
        </div>
      </section>
    </>
  );
}
