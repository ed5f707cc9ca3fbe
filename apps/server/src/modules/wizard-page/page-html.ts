import { FIRST_LOAD_ELEMENT_ID, type FirstLoadData } from '@scheduler/contracts/first-load';

/**
 * JSON that is safe inside a `<script>` element: a `<` in any value (a company's name, a note)
 * can neither close the element nor open a comment, and the line separators JavaScript once
 * refused are escaped too.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** What the server adds to the built index.html for one visit. */
export interface PageAdditions {
  firstLoad: FirstLoadData | null;
  /** URLs of chunks the first screen will import. */
  preloads: readonly string[];
}

/**
 * The wizard's page with the first screen's data and chunk preloads in its head. The data block is
 * `application/json`, which the browser never runs (the page's policy allows scripts from this
 * server only, and this is not one).
 */
export function wizardPageHtml(indexHtml: string, additions: PageAdditions): string {
  const links = additions.preloads.map((href) => `<link rel="modulepreload" crossorigin href="${encodeURI(href)}">`);
  const data = additions.firstLoad
    ? [
        `<script type="application/json" id="${FIRST_LOAD_ELEMENT_ID}">${jsonForScriptElement(additions.firstLoad)}</script>`,
      ]
    : [];
  const head = [...links, ...data].join('');
  if (head === '') return indexHtml;
  const at = indexHtml.indexOf('</head>');
  return at === -1 ? indexHtml : `${indexHtml.slice(0, at)}${head}${indexHtml.slice(at)}`;
}
