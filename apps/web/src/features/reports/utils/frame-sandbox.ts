/**
 * The sandbox of an embedded report's frame. A page of another origin may run its scripts in its own
 * origin (that is what a BI tool needs) but can never reach this app. A page of this origin gets no
 * scripts at all: scripts plus same-origin would let it lift its own sandbox; it keeps its origin only
 * so its own stylesheet loads.
 */
export function frameSandbox(url: string, appOrigin: string): string {
  let origin: string;
  try {
    origin = new URL(url, appOrigin).origin;
  } catch {
    return '';
  }
  return origin === appOrigin
    ? 'allow-same-origin'
    : 'allow-scripts allow-same-origin allow-popups allow-forms';
}
