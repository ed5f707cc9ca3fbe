import type { FastifyInstance } from 'fastify';

/** "YYYY-MM-DD" (UTC) `days` after tomorrow: a date past any office's minimum notice. */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + (days + 1) * 86_400_000).toISOString().slice(0, 10);
}

/** The wizard's JSON calls of one company, as the browser sends them (token in its header). */
export function wizardCalls(app: () => FastifyInstance, companyKey = 'demo') {
  const api = `/${companyKey}/json/online_scheduler`;
  return {
    get: (token: string, path: string) =>
      app().inject({ method: 'GET', url: `${api}${path}`, headers: { 'x-auth-token': token } }),
    post: (token: string, path: string, payload: unknown) =>
      app().inject({
        method: 'POST',
        url: `${api}${path}`,
        headers: { 'x-auth-token': token },
        payload: payload as object,
      }),
  };
}
