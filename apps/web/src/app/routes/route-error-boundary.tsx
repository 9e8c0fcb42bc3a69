import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PlaceholderTile } from '../../components/ui/placeholder-tile';
import { NotFoundContent, NotFoundRoute } from './not-found';
import classes from './route-error-boundary.module.css';

// Both boundaries are part of the router module and draw without Mantine's JavaScript: the root one must
// work when the signed-in area (which brings Mantine) failed to load (decision 011).

function useLoggedRouteError(): unknown {
  const error = useRouteError();
  useEffect(() => {
    if (!(isRouteErrorResponse(error) && error.status === 404)) console.error('Route error', error);
  }, [error]);
  return error;
}

function ErrorTile() {
  return <PlaceholderTile onRetry={() => window.location.reload()} />;
}

/** Errors outside the main layout: 404 → page not found (docs/product.md §2), anything else → the error tile. */
export function RootErrorBoundary() {
  const error = useLoggedRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  return (
    <main className={classes.screen}>
      <ErrorTile />
    </main>
  );
}

/** Errors of a routed page: shown in the content area, the side menu stays usable. */
export function ContentErrorBoundary() {
  const error = useLoggedRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  return <ErrorTile />;
}
