// Scaffold: the public-site work replaces this screen.
export default function Screen() {
  return <h1>about-mobile</h1>;
}
