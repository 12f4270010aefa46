/** The customer's page, opened from the link in a quote e-mail (public: no staff session). */
export const CUSTOMER_QUOTE_ROUTE = '/quote/:token';

/** True on the customer's page: the app then makes no staff calls (the customer has no account). */
export function isCustomerQuotePath(pathname: string): boolean {
  return /^\/quote\/[^/]+\/?$/.test(pathname);
}
