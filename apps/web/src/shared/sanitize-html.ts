// Moved to @scheduler/ui (issue 40); this forward stays until the console's setting preview imports the package.
export { sanitizeHtml } from '@scheduler/ui/sanitize-html';
