/**
 * A value that holds only while the server renders a signed-in page (entry-server.tsx, docs/decisions/058): a
 * module's stand-in, for that render, for what the browser keeps for the page (who is signed in, the query cache).
 * Two renders at once never see each other's: React's `renderToString` runs to its end without yielding.
 */
export function duringRender<T>() {
  let current: T | null = null;
  return {
    current: (): T | null => current,
    run: <R>(value: T, render: () => R): R => {
      current = value;
      try {
        return render();
      } finally {
        current = null;
      }
    },
  };
}
