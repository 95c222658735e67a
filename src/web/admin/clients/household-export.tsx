import { Trans } from "@lingui/react/macro";
import { useId } from "react";

/**
 * Edit Client's Household data (issue 30, docs/decisions/037): everything the school keeps about the family, as a
 * ZIP the owner can hand to them. A plain link: the browser streams the download to disk itself, however many photos
 * the family has, and shows its progress; the server writes the download in the audit log.
 */
export function HouseholdExport({ clientId, name }: { clientId: string; name: string }) {
  const headingId = useId();
  return (
    <section className="household-swimmers household-export" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Trans>Household data</Trans>
      </h3>
      <p className="household-swimmers__details">
        <Trans>
          Everything the school keeps about this family (people, packages, payments, lessons, feedback,
          progress, certificates and photos) in one ZIP file, to hand to them when they ask for their data.
        </Trans>
      </p>
      <p>
        <a
          className="admin-button household-export__link"
          href={`/api/clients/${encodeURIComponent(clientId)}/export`}
          download
        >
          <Trans>Download {name}'s data (ZIP)</Trans>
        </a>
      </p>
    </section>
  );
}
