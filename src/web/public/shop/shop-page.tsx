import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { paths } from "../../../domain/paths.ts";
import { useLocalizedPath, useSiteContent } from "../../layout/page-language.ts";
import "../page-hero.css";
import "./shop.css";

/** The shop's content is not part of the spec yet: the page says it is coming and leads to the contact page. */
export function ShopPage() {
  const { t } = useLingui();
  const shop = useSiteContent().shopPage;
  const localized = useLocalizedPath();
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>{shop.heading}</h1>
          <p className="page-hero__text">{shop.text}</p>
        </div>
      </section>
      <section className="section" aria-label={t`Coming soon`}>
        <div className="container">
          <ul className="shop__items">
            {shop.items.map((item) => (
              <li key={item} className="shop__item">
                <span className="shop__badge">
                  <Trans>Coming soon</Trans>
                </span>
                <span className="shop__name">{item}</span>
              </li>
            ))}
          </ul>
          <p>{shop.contactText}</p>
          <Link to={localized(paths.contact)} className="button button--blue">
            {shop.contact}
          </Link>
        </div>
      </section>
    </>
  );
}
