import { useEffect } from 'react';
import { Button, Center } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlaceholderTile } from '../../components/ui/placeholder-tile';
import { NotFoundContent, NotFoundRoute } from './not-found';

function useLoggedRouteError(): unknown {
  const error = useRouteError();
  useEffect(() => {
    if (!(isRouteErrorResponse(error) && error.status === 404)) console.error('Route error', error);
  }, [error]);
  return error;
}

function ErrorTile() {
  const { t } = useTranslation();
  return (
    <PlaceholderTile>
      <Button variant="light" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </Button>
    </PlaceholderTile>
  );
}

/** Errors outside the main layout: 404 → page not found (spec §2), anything else → the error tile. */
export function RootErrorBoundary() {
  const error = useLoggedRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  return (
    <Center component="main" mih="100vh">
      <ErrorTile />
    </Center>
  );
}

/** Errors of a routed page: shown in the content area, the side menu stays usable. */
export function ContentErrorBoundary() {
  const error = useLoggedRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  return <ErrorTile />;
}
