// Moved to @scheduler/ui (issue 40); this forward stays until the pages import the package.
export { visuallyHidden } from '@scheduler/ui/visually-hidden';
