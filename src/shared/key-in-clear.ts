/**
 * Whether an endpoint would carry its API key in clear: a key is sent (as `Authorization`) with
 * every request, so a plain `http://` endpoint on another machine hands it to everyone on the way.
 * Loopback (`localhost`, `127.0.0.0/8`, `[::1]`) never leaves the machine, which is how local model
 * servers are reached. Pure and shared: Settings warns with it; a test reads it.
 */

/** The host the key would go to in clear, or null when it would not (https, loopback, no key, not a URL). */
export function keySentInClear(baseUrl: string, usesKey: boolean): string | null {
  if (!usesKey) return null;
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return null; // the form says what is wrong with the URL itself
  }
  if (url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const loopback = host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '[::1]';
  return loopback ? null : url.host;
}
