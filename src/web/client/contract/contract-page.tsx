import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Picture } from "../../components/picture.tsx";
import { useSiteContent } from "../../layout/page-language.ts";
import "./contract.css";

/** How long the form's host may take to answer before the page shows the contact details instead. */
const formProbeTimeoutMs = 5000;

/**
 * The form's address from School settings (site.json's until the owner saves one), or null when none is usable (an
 * empty or non-web address).
 */
function contractFormUrl(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

type FormState = "checking" | "shown" | "unavailable";

/**
 * /contract (spec §2): the school's contract form, a third-party page, in a frame on a background photo. A frame
 * whose host cannot be reached shows the browser's error page, so the host is asked first (an opaque request,
 * allowed by the CSP's connect-src); when it does not answer, or no form is configured, the page says how to reach
 * the school instead of showing an empty frame.
 */
export function ContractPage() {
  const { t } = useLingui();
  const content = useSiteContent();
  const url = contractFormUrl(content.contractFormUrl);
  const { email, phone } = content.contact;
  const [state, setState] = useState<FormState>(url ? "checking" : "unavailable");

  useEffect(() => {
    if (!url) return;
    let current = true;
    fetch(url, { mode: "no-cors", signal: AbortSignal.timeout(formProbeTimeoutMs) }).then(
      () => current && setState("shown"),
      () => current && setState("unavailable"),
    );
    return () => {
      current = false;
    };
  }, [url]);

  return (
    <section className="contract">
      <Picture name="about-hero" alt="" sizes="100vw" priority className="contract__photo" />
      <div className="contract__panel">
        <h1>
          <Trans>View Contract</Trans>
        </h1>
        {state === "checking" && (
          <p role="status">
            <Trans>Loading the contract form…</Trans>
          </p>
        )}
        {state === "shown" && url && (
          <iframe className="contract__frame" title={t`Contract form`} src={url} loading="lazy" />
        )}
        {state === "unavailable" && (
          <div className="contract__fallback" role="status">
            <p>
              <Trans>The contract form cannot be shown right now.</Trans>
            </p>
            <p>
              <Trans>
                Please ask us for your contract: email <a href={`mailto:${email}`}>{email}</a> or call{" "}
                <a href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{phone}</a>.
              </Trans>
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
