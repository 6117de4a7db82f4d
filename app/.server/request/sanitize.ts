import sanitize from 'sanitize-html'

/** Settings-provided HTML (login_text, help_text): formatting and links only, no scripts or styles. */
export function sanitizeHtml(html: string) {
	return sanitize(html, {
		allowedTags: [
			'p',
			'br',
			'strong',
			'b',
			'em',
			'i',
			'u',
			'ul',
			'ol',
			'li',
			'a',
			'h2',
			'h3',
			'h4',
			'span',
		],
		allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
		allowedSchemes: ['http', 'https', 'mailto', 'tel'],
		transformTags: { a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer' }) },
	})
}
