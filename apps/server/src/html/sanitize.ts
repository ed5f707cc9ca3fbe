import sanitizeHtml from 'sanitize-html';

/**
 * Company-authored HTML (banners, service and package names and descriptions) is sanitised on
 * import, and the wizard sanitises it again before rendering. Formatting and links survive;
 * scripts, event handlers, styles and embedded content do not.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'b',
    'strong',
    'i',
    'em',
    'u',
    'br',
    'p',
    'span',
    'div',
    'ul',
    'ol',
    'li',
    'a',
    'small',
    'sup',
    'sub',
    'h3',
    'h4',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer', ...(attribs.target ? { target: '_blank' } : {}) },
    }),
  },
};

export function sanitizeCompanyHtml(html: string): string {
  return sanitizeHtml(html, options);
}
