/** The page a password reset e-mail links to (public: whoever holds the link is not signed in). */
export const RESET_PASSWORD_ROUTE = '/reset-password/:token';
