/** The web server's configuration, read once; nothing else in the web app reads process.env. */
const isProduction = process.env.NODE_ENV === 'production';

export const webEnv = {
  apiUrl: (process.env.API_URL ?? 'http://127.0.0.1:3333').replace(/\/$/, ''),
  isProduction,
  sessionSecret: process.env.SESSION_SECRET?.trim() || null,
  /** Signs the applicant tokens the API verifies; the same value as the API's APPLICANT_TOKEN_SECRET. */
  applicantTokenSecret: process.env.APPLICANT_TOKEN_SECRET?.trim() || null,
  // Secure in production, unless explicitly turned off for plain-http setups such as the browser tests and npm start.
  sessionCookieSecure: isProduction && process.env.SESSION_COOKIE_SECURE?.trim().toLowerCase() !== 'false',
};

if (isProduction && !webEnv.applicantTokenSecret) {
  // Without it no applicant call can be signed: the evaluation page would fail on every use, so refuse to start.
  throw new Error(
    'APPLICANT_TOKEN_SECRET must be set (the same value as the API’s): the web server signs applicant tokens with it',
  );
}
