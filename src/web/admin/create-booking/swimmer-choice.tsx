import { Trans } from "@lingui/react/macro";

export interface HouseholdSwimmer {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * Who swims in the classes being booked, for a household of several swimmers (siblings share one home lesson; it is
 * still one class of the plan, docs/decisions/019). A household of one swimmer shows nothing: its one swimmer swims.
 */
export function SwimmerChoice({
  swimmers,
  chosen,
  onChange,
}: {
  swimmers: readonly HouseholdSwimmer[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  if (swimmers.length < 2) return null;
  return (
    <fieldset className="swimmer-choice">
      <legend>
        <Trans>Who swims in the chosen dates</Trans>
      </legend>
      <p className="booking-hint">
        <Trans>One class of the package per date, however many swim in it.</Trans>
      </p>
      <ul>
        {swimmers.map((swimmer) => (
          <li key={swimmer.id}>
            <label>
              <input
                type="checkbox"
                checked={chosen.includes(swimmer.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? swimmers
                          .filter((each) => each.id === swimmer.id || chosen.includes(each.id))
                          .map((each) => each.id)
                      : chosen.filter((id) => id !== swimmer.id),
                  )
                }
              />{" "}
              {swimmer.firstName} {swimmer.lastName}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
