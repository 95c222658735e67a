export function OurTeamPage() {
  return <h1>OurTeamPage</h1>;
}
