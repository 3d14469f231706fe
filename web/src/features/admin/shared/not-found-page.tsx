import { Link } from 'react-router-dom';
import { PageHeader } from './page-header.tsx';

/** An unknown path under /admin: say so inside the admin layout. */
export function AdminNotFoundPage() {
  return (
    <>
      <PageHeader title="Page Not Found" />
      <p>
        There is no admin screen here. <Link to="/admin">Back to the dashboard</Link>
      </p>
    </>
  );
}
