/** The web server's configuration, read once. */
export const webEnv = {
  apiUrl: (process.env.API_URL ?? 'http://127.0.0.1:3333').replace(/\/$/, ''),
  isProduction: process.env.NODE_ENV === 'production',
};
