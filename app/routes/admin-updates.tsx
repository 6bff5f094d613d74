// Scaffold: replaced by the admin updates feature.
export default function AdminUpdates() {
  return <h1>Admin updates</h1>;
}
