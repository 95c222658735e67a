/** A page whose feature arrives with a later release: says so instead of a blank screen or a 404. */
export function ComingLaterPage({ title, release }: { title: string; release: string }) {
  return (
    <section className="coming-later">
      <h1>{title}</h1>
      <p>This page opens with the {release} release.</p>
    </section>
  );
}
