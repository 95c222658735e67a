import { Link } from "react-router";
import content from "../../../content/site.json";
import { paths } from "../../../domain/paths.ts";
import "../page-hero.css";
import "./shop.css";

const cart = content.cartPage;

export function CartPage() {
  return (
    <section className="page-hero shop__cart">
      <div className="container">
        <h1>{cart.heading}</h1>
        <p className="page-hero__text">{cart.text}</p>
        <Link to={paths.contact} className="button button--blue shop__cart-cta">
          {cart.contact}
        </Link>
      </div>
    </section>
  );
}
