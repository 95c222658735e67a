import { Trans } from "@lingui/react/macro";
import { AmbientVideo } from "../../components/ambient-video.tsx";
import { useSiteContent } from "../../layout/page-language.ts";
import { ContactForm } from "./contact-form.tsx";
import "../page-hero.css";
import "./contact.css";

export function ContactPage() {
  const content = useSiteContent();
  const text = content.contactPage;
  const { email, phone } = content.contact;
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>{text.heading}</h1>
          <p className="page-hero__text">{text.intro}</p>
        </div>
      </section>
      <section className="section contact">
        <div className="container contact__grid">
          <div>
            <ul className="contact__details">
              <li>
                <span className="contact__label">
                  <Trans>Email us</Trans>
                </span>
                <a href={`mailto:${email}`}>{email}</a>
              </li>
              <li>
                <span className="contact__label">
                  <Trans>Call us</Trans>
                </span>
                <a href={`tel:${phone.replace(/[^+\d]/g, "")}`}>{phone}</a>
              </li>
            </ul>
            <ContactForm />
          </div>
          <AmbientVideo
            video="contact"
            poster="contact-poster"
            sizes="(max-width: 768px) 90vw, 420px"
            className="contact__video"
          />
        </div>
      </section>
    </>
  );
}
