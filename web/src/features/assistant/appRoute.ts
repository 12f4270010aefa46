/**
 * A link from the server (a chat answer's, an activity's) followed as a route of this client: a path
 * on this site and nothing else (no other origin, no `javascript:`).
 */
export function isAppRoute(href: unknown): href is string {
  return typeof href === 'string' && href.startsWith('/') && !href.startsWith('//') && !href.includes('\\');
}
