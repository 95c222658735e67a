export function ShopPage() {
  return <h1>ShopPage</h1>;
}
