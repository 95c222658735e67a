import { Trans } from "@lingui/react/macro";
import { usePackageRows } from "./package-rows.ts";
import "./packages.css";

/**
 * /services: the class packages and their prices, from the same catalogue the database is seeded with, so a parent
 * sees a price before calling. Zod-free on purpose: it is part of the public bundle.
 */
export function Packages() {
  const rows = usePackageRows();
  return (
    <section className="section section--tint" aria-labelledby="packages-title">
      <div className="container">
        <h2 id="packages-title">
          <Trans>Class packages and prices</Trans>
        </h2>
        <p className="section__intro">
          <Trans>
            Every class lasts 30 minutes. Classes come in packages of 4 or 8; we agree on yours together
            before the first lesson.
          </Trans>
        </p>
        <div className="packages__scroll">
          <table className="packages__table" aria-labelledby="packages-title">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Package</Trans>
                </th>
                <th scope="col">
                  <Trans>Price per class</Trans>
                </th>
                <th scope="col">
                  <Trans>Package price</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ type, classes, pricePerClass, price }) => (
                <tr key={type}>
                  <th scope="row">{classes}</th>
                  <td>{pricePerClass}</td>
                  <td>{price}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
