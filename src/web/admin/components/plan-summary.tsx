import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { ClientPlan } from "../../../domain/clients.ts";
import "./plan-summary.css";

/** A client's plan as the admin reads it in the clients list and the Edit panel: "Active plan: 2 of 8 classes used". */
export function PlanSummary({ plan }: { plan: ClientPlan | null }) {
  const { t } = useLingui();
  return <span className="plan-summary">{plan ? planText(plan) : t`No active plan`}</span>;
}

function planText({ usedClasses, totalClasses }: ClientPlan): string {
  return plural(totalClasses, {
    one: `Active plan: ${usedClasses} of # class used`,
    other: `Active plan: ${usedClasses} of # classes used`,
  });
}
