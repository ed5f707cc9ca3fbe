/** The scale benchmark's databases: how many companies, inspectors and orders each holds. */

export type SizeName = 'S' | 'M' | 'L';

export interface ScaleSize {
  name: SizeName;
  /** The PostgreSQL database it is built in (and copied from for each run). */
  database: string;
  /** Companies beside the demo: the big one (when any) and the small ones. */
  big: { inspectors: number; confirmedOrders: number } | null;
  small: { count: number; inspectors: number; confirmedOrders: number };
}

/** Bump when what the generator writes changes: a database built by another version is rebuilt. */
export const GENERATOR_VERSION = 2;

export const SIZES: Record<SizeName, ScaleSize> = {
  // The demo company alone, as `npm start` seeds it.
  S: { name: 'S', database: 'scale_s', big: null, small: { count: 0, inspectors: 0, confirmedOrders: 0 } },
  // 100 companies: the demo, the big company and 98 small ones.
  M: {
    name: 'M',
    database: 'scale_m',
    big: { inspectors: 200, confirmedOrders: 10_000 },
    small: { count: 98, inspectors: 3, confirmedOrders: 50 },
  },
  // 1,000 companies and about 1.5 million orders (a long build: only when asked for). A first try
  // on 2 cores wrote 552,000 orders in 391 s, slowing from about 2,600 to 900 orders a second as
  // the random-keyed indexes outgrew the cache (5 GB by then): expect well over half an hour.
  L: {
    name: 'L',
    database: 'scale_l',
    big: { inspectors: 200, confirmedOrders: 50_000 },
    small: { count: 998, inspectors: 5, confirmedOrders: 1_000 },
  },
};

/** Beside the confirmed orders, per confirmed order: cancelled ones and drafts a visitor abandoned. */
export const CANCELLED_SHARE = 0.08;
export const ABANDONED_SHARE = 0.3;

/** The big company's key and its office. */
export const BIG_COMPANY_KEY = 'bigco';
export const DEMO_KEY = 'demo';

/** Orders start from this many days before the day of the build to this many after it (two years). */
export const DAYS_BEFORE = 640;
export const DAYS_AFTER = 90;
