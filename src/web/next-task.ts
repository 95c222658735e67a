/**
 * Resolves in a task of its own (a timer's), after the browser has had the chance to paint and to answer a tap.
 * The app shell's boot awaits it between its long steps, so a phone meets several short tasks instead of one long
 * one (issue 31: total blocking time counts every task past 50 ms; docs/decisions/050).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
