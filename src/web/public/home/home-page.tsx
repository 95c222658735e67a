import { Link } from "react-router";
import { paths } from "../../../domain/paths.ts";
import { AmbientVideo } from "../../components/ambient-video.tsx";
import { mediaName, Picture } from "../../components/picture.tsx";
import { useLocalizedPath, useSiteContent } from "../../layout/page-language.ts";
import { DiveBanner } from "./dive-banner.tsx";
import { ReelsSection } from "./reels.tsx";
import "./home.css";

export function HomePage() {
  const { home } = useSiteContent();
  const localized = useLocalizedPath();
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <AmbientVideo video="hero" poster="hero-poster" sizes="100vw" priority className="hero__media" />
        <div className="hero__content container">
          <h1 id="hero-heading">{home.hero.headline}</h1>
          <p className="hero__text">{home.hero.text}</p>
          <Link to={localized(paths.contact)} className="button button--sun hero__cta">
            {home.hero.cta}
          </Link>
        </div>
      </section>

      <section className="section why" aria-labelledby="why-heading">
        <div className="container why__grid">
          <div>
            <h2 id="why-heading">{home.why.heading}</h2>
            <p className="section__intro">{home.why.intro}</p>
            <ul className="why__points">
              {home.why.points.map((point) => (
                <li key={point.title}>
                  <h3>{point.title}</h3>
                  <p>{point.text}</p>
                </li>
              ))}
            </ul>
          </div>
          <div className="why__photos">
            {home.why.photos.map((photo) => (
              <Picture
                key={photo.name}
                name={mediaName(photo.name)}
                alt={photo.alt}
                sizes="(max-width: 768px) 90vw, 30vw"
                className="why__photo"
              />
            ))}
          </div>
        </div>
      </section>

      <DiveBanner />

      <section className="section section--tint progress" aria-labelledby="progress-heading">
        <div className="container progress__grid">
          <Picture
            name={mediaName(home.progress.photo.name)}
            alt={home.progress.photo.alt}
            sizes="(max-width: 768px) 90vw, 45vw"
            className="progress__photo"
          />
          <div>
            <h2 id="progress-heading">{home.progress.heading}</h2>
            <p>{home.progress.text}</p>
            <ul className="progress__points">
              {home.progress.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
            <Link to={localized(paths.contact)} className="button button--blue">
              {home.progress.cta}
            </Link>
          </div>
        </div>
      </section>

      <section className="section shop-gear" aria-labelledby="shop-heading">
        <div className="container shop-gear__grid">
          <div className="shop-gear__text">
            <h2 id="shop-heading">{home.shop.heading}</h2>
            <p>{home.shop.text}</p>
            {/* The spec gives Shop no action; it opens the shop page, which leads to the contact page. */}
            <Link to={localized(paths.shop)} className="button button--sun">
              {home.shop.cta}
            </Link>
          </div>
          <div className="shop-gear__videos">
            <AmbientVideo
              video="shop-1"
              poster="shop-1-poster"
              sizes="(max-width: 768px) 45vw, 300px"
              className="shop-gear__video"
            />
            <AmbientVideo
              video="shop-2"
              poster="shop-2-poster"
              sizes="(max-width: 768px) 45vw, 300px"
              className="shop-gear__video"
            />
          </div>
        </div>
      </section>

      <ReelsSection />
    </>
  );
}
