/**
 * A request carrying this header (value `1`) gets its refresh token as an httpOnly cookie instead
 * of in the body, and may refresh with that cookie. Being a custom header, it cannot be sent
 * cross-site without a CORS preflight, which is what makes the cookie safe from CSRF.
 */
export const SESSION_COOKIE_HEADER = 'x-session-cookie';
