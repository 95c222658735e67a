import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import { paths } from "../../../domain/paths.ts";
import type { SetupItem } from "../../../domain/school-settings.ts";
import { settingsSectionOf, useSetupChecklist } from "./api.ts";
import "./settings.css";

/** Each item: what still holds a sample value or is not set up, and the link to where it is fixed. */
const items: Record<SetupItem, { text: ReturnType<typeof msg>; link: ReturnType<typeof msg> }> = {
  contractForm: {
    text: msg`The contract form address is still the sample one: clients see "The contract form cannot be shown right now."`,
    link: msg`Set the contract form`,
  },
  contacts: {
    text: msg`The school's e-mail or phone is still the sample one.`,
    link: msg`Set the contacts`,
  },
  reels: {
    text: msg`Some reels on the home page are samples.`,
    link: msg`Set the reels`,
  },
  mail: {
    text: msg`Mail is not configured: it only goes to the outbox, nobody receives it.`,
    link: msg`How to set up mail`,
  },
  payments: {
    text: msg`Payments are local: packages are given away without payment.`,
    link: msg`How to set up payments`,
  },
};

/**
 * The setup checklist on /admin (issue 24): what still holds site.json's sample values or is not set up, each with
 * a link to School settings where it is fixed. An item goes once fixed; the checklist goes when none is left (and
 * shows nothing while it loads or when it cannot be read: it is a reminder, not the page's content).
 */
export function SetupChecklist() {
  const { i18n } = useLingui();
  const checklist = useSetupChecklist();
  const toDo = checklist.data?.toDo ?? [];
  if (toDo.length === 0) return null;
  return (
    <section className="admin-card setup-checklist" aria-labelledby="setup-checklist-heading">
      <h2 id="setup-checklist-heading">
        <Trans>Setup checklist</Trans>
      </h2>
      <p>
        <Trans>Before the school opens its doors, these still need you:</Trans>
      </p>
      <ul>
        {toDo.map((item) => (
          <li key={item}>
            <span>{i18n._(items[item].text)}</span>
            <Link to={`${paths.adminSettings}#${settingsSectionOf[item]}`}>{i18n._(items[item].link)}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
