/**
 * Content-Disposition for a download named `filename`: characters no file system takes become
 * spaces, with an ASCII fallback name plus the exact name (RFC 6266 filename*), so
 * 'Frame Package – Single Storey House.csv' keeps its dash where browsers can.
 */
export function attachment(filename: string) {
	const name =
		[...filename]
			.map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? ' ' : c))
			.join('')
			.replace(/ +/g, ' ')
			.trim() || 'download'
	const ascii = [...name].map((c) => (c > '~' ? '-' : c)).join('')
	const encoded = encodeURIComponent(name).replace(
		/['()*]/g,
		(c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
	)
	return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
