import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Link } from '../components/Link';
import Message from '../components/Message';

/** Shown when a screen fails to render; keeps the visitor one click from the shop. */
export function ErrorPage({ error }: { error: unknown }) {
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <div className="py-5 container">
      <h1 className="h3">Something went wrong</h1>
      <Message variant="danger">
        This page could not be shown{detail ? `: ${detail}` : '.'} Please reload, or go back to the shop.
      </Message>
      <Link to="/" className="btn btn-accent">
        Back to the shop
      </Link>
    </div>
  );
}

/** The routes' errorElement, for a data router (as the tests mount the routes). */
export default function RouteError() {
  return <ErrorPage error={useRouteError()} />;
}
