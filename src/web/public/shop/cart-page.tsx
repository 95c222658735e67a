import { Link } from "react-router";
import { paths } from "../../../domain/paths.ts";
import { useLocalizedPath, useSiteContent } from "../../layout/page-language.ts";
import "../page-hero.css";
import "./shop.css";

export function CartPage() {
  const cart = useSiteContent().cartPage;
  const localized = useLocalizedPath();
  return (
    <section className="page-hero shop__cart">
      <div className="container">
        <h1>{cart.heading}</h1>
        <p className="page-hero__text">{cart.text}</p>
        <Link to={localized(paths.contact)} className="button button--blue shop__cart-cta">
          {cart.contact}
        </Link>
      </div>
    </section>
  );
}
