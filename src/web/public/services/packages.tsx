import { formatPrice, packCatalogue } from "../../../domain/pack-catalogue.ts";
import "./packages.css";

/**
 * /services: the class packages and their prices, from the same catalogue the database is seeded with, so a parent
 * sees a price before calling. Zod-free on purpose: it is part of the public bundle.
 */
export function Packages() {
  return (
    <section className="section section--tint" aria-labelledby="packages-title">
      <div className="container">
        <h2 id="packages-title">Class packages and prices</h2>
        <p className="section__intro">
          Every class lasts 30 minutes. Classes come in packages of 4 or 8; we agree on yours together before
          the first lesson.
        </p>
        <div className="packages__scroll">
          <table className="packages__table" aria-labelledby="packages-title">
            <thead>
              <tr>
                <th scope="col">Package</th>
                <th scope="col">Price per class</th>
                <th scope="col">Package price</th>
              </tr>
            </thead>
            <tbody>
              {packCatalogue.map((pack) => (
                <tr key={pack.type}>
                  <th scope="row">{pack.classes} classes</th>
                  <td>{formatPrice(pack.pricePerClass)}</td>
                  <td>{formatPrice(pack.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
