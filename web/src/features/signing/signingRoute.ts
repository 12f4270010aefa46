/** The signer's page, opened from the link in a signature request e-mail (public: no staff session). */
export const SIGNING_ROUTE = '/sign/:token';

/** True on the signer's page: the app then makes no staff calls (the signer has no account). */
export function isSigningPath(pathname: string): boolean {
  return /^\/sign\/[^/]+\/?$/.test(pathname);
}
