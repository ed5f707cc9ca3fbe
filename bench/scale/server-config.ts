/** The bench server's configuration for the scale runs: the product's defaults, without rate limits in the way of one client's many requests. */
export const BENCH_SERVER_CONFIG: Record<string, string> = {
  WRITE_RATE_LIMIT: '1000000',
  SEARCH_RATE_LIMIT: '1000000',
  SESSION_RATE_LIMIT: '1000000',
};

/** bench-server.ts's admin token. */
export const BENCH_ADMIN_TOKEN = 'bench-admin-token-0123456789';
