import { StyleSheet } from '@emotion/sheet';

/**
 * Keeps most of MUI's generated CSS (Emotion's rules) out of the test document. happy-dom's
 * getComputedStyle matches every rule of every style sheet against the element and its parents,
 * and Testing Library computes accessible names with it for every candidate of a `getByRole`:
 * with all rules in, that was a third of the console's component tests' CPU, and it grew through a
 * worker's run (the test workers share one document across files, and each page adds its rules).
 *
 * What decides whether a person can reach an element stays: the rules that declare `display`,
 * `visibility` or `pointer-events`, media queries included (a part hidden on a phone). The others
 * (spacing, colour, type) are left out; `emotionCssOf` reads what a component was given, and what
 * the rules paint is looked at in Chromium, by the browser tests and their axe checks.
 */
const REACHABILITY = /[{;](?:display|visibility|pointer-events):/;
const everyRule: string[] = [];
let installed = false;

export function keepPaintOnlyRulesOutOfTheDocument() {
  if (installed) return;
  installed = true;
  const insert = StyleSheet.prototype.insert;
  StyleSheet.prototype.insert = function insertWhatDecidesReach(rule: string) {
    everyRule.push(rule);
    if (REACHABILITY.test(rule)) insert.call(this, rule);
  };
}

/** The CSS text of Emotion's rules that select one of the element's classes, in the document or not. */
export function emotionCssOf(element: Element): string {
  const classes = [...element.classList].filter((name) => name.startsWith('css-'));
  return everyRule.filter((rule) => classes.some((name) => rule.includes(`.${name}`))).join('\n');
}
