import { Link } from '../components/Link';
import { FaHome } from 'react-icons/fa';
import PageTitle from '../components/PageTitle';

export default function NotFoundScreen() {
  return (
    <section className="text-center py-5 not-found">
      <PageTitle title="Page not found" />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="h2">Page not found</h1>
      <p className="text-body-secondary mb-4">
        The page you were looking for is not here. It may have moved, or the link may be mistyped.
      </p>
      <Link to="/" className="btn btn-accent">
        <FaHome className="me-2" aria-hidden="true" />
        Back to the shop
      </Link>
    </section>
  );
}
