import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { checkReportRange, defaultReportRange } from './report-range.ts';

/**
 * A report's span: it lives in the URL (a view can be shared and reloaded); without it, the last
 * 12 months. `range` says whether the API would take it, `change` sets one end.
 */
export function useReportSpan() {
  const [params, setParams] = useSearchParams();
  // Today once per visit: a page left open past midnight keeps the span it showed.
  const [fallback] = useState(() => defaultReportRange(new Date()));
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const change = (name: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(params);
    next.set('from', from);
    next.set('to', to);
    next.set(name, value);
    setParams(next, { replace: true });
  };
  return { from, to, range: checkReportRange(from, to), change };
}
