import '@mantine/core/styles.css';
// The theme's variables before any Mantine JavaScript runs: the first screens are drawn without it (vite.config.ts).
import 'virtual:mantine-theme.css';
import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { bootstrap } from './app/bootstrap';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

bootstrap()
  .then(({ i18n, routerStart, routedApp }) => {
    // A transition: React builds the first screen in slices and lets the browser breathe between them,
    // instead of one long task (a phone's Lighthouse total blocking time, decision 016).
    startTransition(() => {
      createRoot(container).render(
        <StrictMode>
          <App i18n={i18n} routerStart={routerStart} routedApp={routedApp} />
        </StrictMode>,
      );
    });
  })
  // docs/product.md §8 "bootstrap failure: logged to the console".
  .catch((error: unknown) => {
    console.error('The app could not start', error);
  });
