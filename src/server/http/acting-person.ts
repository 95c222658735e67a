import { currentScope, inScope } from "./request-scope.ts";

/** The signed-in person a request acts for, as the audit log writes them (docs/decisions/036). */
export interface ActingPerson {
  userId: string;
  /** Their name now, kept in each entry as it was at the time. */
  name: string;
  role: string;
}

/**
 * Runs the rest of a request as `person`. The session guard calls it once it has let a request through, so every
 * change the handler makes is recorded under the person the server itself resolved: a feature can neither forget
 * to say who it is acting for nor name someone else.
 */
export function actingAs<T>(person: ActingPerson, run: () => Promise<T>): Promise<T> {
  return inScope({ acting: person }, run);
}

/** Who the current request acts for; undefined outside a signed-in request (a script, a timed sweep, a test). */
export function actingPerson(): ActingPerson | undefined {
  return currentScope()?.acting;
}
