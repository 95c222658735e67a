import { Link } from "react-router";
import { useAuth } from "../auth/auth-store.ts";
import { paths } from "../paths.ts";
import "./client-panel.css";

/** /client-panel: the client's welcome. Calendar and tiles arrive with the bookings, payments and media releases. */
export function ClientPanelPage() {
  const auth = useAuth();
  const name = auth.status === "client" ? auth.user.name : "";
  return (
    <section className="client-panel">
      <div className="client-panel__hero">
        <h1>Welcome{name ? `, ${name}` : ""}!</h1>
        <p>
          Here you will follow your class calendar, your progress, your instructor's feedback and your photos.
        </p>
        <Link to={paths.contact} className="client-panel__cta">
          Get Started
        </Link>
      </div>
    </section>
  );
}
