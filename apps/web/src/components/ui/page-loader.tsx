import { Loader } from './plain/loader';
import classes from './page-loader.module.css';

/**
 * Shown while a lazy area or the first texts load. No words: the translations may not be there yet.
 * Mantine-free (components/ui/plain): it is also the first thing the login route shows.
 */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div className={classes.center} role="status" aria-busy="true" data-full-screen={fullScreen || undefined}>
      <Loader />
    </div>
  );
}
