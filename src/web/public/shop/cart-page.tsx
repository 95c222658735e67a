export function CartPage() {
  return <h1>CartPage</h1>;
}
