/**
 * The home page carries its first screen's data: the answers of the reads that screen makes, each
 * under the read's path (`/api/products`, …), written by the server into a JSON block of the page
 * (internal/api/preview.go). A page the service worker serves, its copy of the built index.html,
 * carries none.
 */
export const FIRST_SCREEN_ID = 'first-screen';

/** The answers the page carries, by the path of their read, or null. */
export function firstScreenData(): Record<string, unknown> | null {
  const text = document.getElementById(FIRST_SCREEN_ID)?.textContent;
  if (!text) return null;
  try {
    const data: unknown = JSON.parse(text);
    return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
