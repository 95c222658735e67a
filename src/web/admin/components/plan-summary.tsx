import type { ClientPlan } from "../../../domain/clients.ts";
import "./plan-summary.css";

/** A client's plan as the admin reads it in the clients list and the Edit panel: "Active: 2 of 8 classes used". */
export function PlanSummary({ plan }: { plan: ClientPlan | null }) {
  return (
    <span className="plan-summary">
      {plan ? `Active plan: ${plan.usedClasses} of ${plan.totalClasses} classes used` : "No active plan"}
    </span>
  );
}
