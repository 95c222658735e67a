import { Link } from "react-router";
import { paths } from "../../../domain/paths.ts";
import { mediaName, Picture } from "../../components/picture.tsx";
import { useLocalizedPath, useSiteContent } from "../../layout/page-language.ts";
import { PhotoCarousel } from "./photo-carousel.tsx";
import "./about.css";

export function AboutPage() {
  const { about } = useSiteContent();
  const localized = useLocalizedPath();
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

      <SplitSection id="passion-heading" block={about.passion} tint reverse />
      <SplitSection id="teaching-heading" block={about.teaching} />

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
          <Link to={localized(paths.contact)} className="button button--sun">
            {about.cta}
          </Link>
        </div>
      </section>
    </>
  );
}

/** A photo beside a heading and a paragraph: the passion and the teaching sections. */
function SplitSection({
  id,
  block,
  tint = false,
  reverse = false,
}: {
  id: string;
  block: { heading: string; text: string; image: { name: string; alt: string } };
  tint?: boolean;
  reverse?: boolean;
}) {
  return (
    <section className={`section${tint ? " section--tint" : ""} about-split`} aria-labelledby={id}>
      <div className={`container about-split__grid${reverse ? " about-split__grid--reverse" : ""}`}>
        <Picture
          name={mediaName(block.image.name)}
          alt={block.image.alt}
          sizes="(max-width: 768px) 90vw, 45vw"
          className="about-split__photo"
        />
        <div>
          <h2 id={id}>{block.heading}</h2>
          <p>{block.text}</p>
        </div>
      </div>
    </section>
  );
}
