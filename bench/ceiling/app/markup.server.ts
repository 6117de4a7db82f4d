/**
 * The ceiling (docs/decisions/033-throughput-ceiling.md): a portal page's markup, captured by the
 * bench, turned once into React elements the floor renders as they are. Rendering them costs what
 * emitting that much markup costs in a bare React Router app, with no session, data, loader payload
 * or component code: a portal page cannot serve more requests per second than this.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseFragment, serialize } from 'parse5'
import { createElement, type ReactNode } from 'react'

type Node = {
	nodeName: string
	tagName?: string
	value?: string
	attrs?: Array<{ name: string; value: string }>
	childNodes?: Node[]
}

/** HTML attribute names React spells differently (the ones portal pages use). */
const PROP_NAMES: Record<string, string> = {
	class: 'className',
	for: 'htmlFor',
	tabindex: 'tabIndex',
	readonly: 'readOnly',
	maxlength: 'maxLength',
	minlength: 'minLength',
	autocomplete: 'autoComplete',
	inputmode: 'inputMode',
	enterkeyhint: 'enterKeyHint',
	colspan: 'colSpan',
	rowspan: 'rowSpan',
	srcset: 'srcSet',
	fetchpriority: 'fetchPriority',
	datetime: 'dateTime',
	novalidate: 'noValidate',
	formnovalidate: 'formNoValidate',
	enctype: 'encType',
	'stroke-width': 'strokeWidth',
	'stroke-linecap': 'strokeLinecap',
	'stroke-linejoin': 'strokeLinejoin',
	'fill-rule': 'fillRule',
	'clip-rule': 'clipRule',
	viewbox: 'viewBox',
}
const BOOLEAN = new Set(['open', 'disabled', 'hidden', 'required', 'multiple', 'selected'])
const VOID = new Set(['img', 'input', 'br', 'hr', 'meta', 'link', 'source', 'col', 'wbr'])

function element(node: Node, key: number): ReactNode {
	if (node.nodeName === '#text') return node.value
	const tag = node.tagName
	// Scripts (the loader payload, the module entry) and inline styles are the portal's own work.
	if (!tag || tag === 'script' || tag === 'style' || tag === 'template') return null
	const props: Record<string, unknown> = { key }
	for (const { name, value } of node.attrs ?? []) {
		if (name === 'style') continue
		if (name === 'checked') props.defaultChecked = true
		else if (name === 'value' && (tag === 'input' || tag === 'textarea')) props.defaultValue = value
		else props[PROP_NAMES[name] ?? name] = BOOLEAN.has(name) ? true : value
	}
	// The product menu is one string in the portal too (decision 014).
	if (props.className === 'menu-island')
		return createElement(tag, {
			...props,
			dangerouslySetInnerHTML: { __html: serialize(node as never) },
		})
	if (tag === 'select') {
		const chosen = node.childNodes?.find((o) => o.attrs?.some((a) => a.name === 'selected'))
		props.defaultValue = chosen?.attrs?.find((a) => a.name === 'value')?.value
	}
	const children = VOID.has(tag) ? [] : (node.childNodes ?? []).map(element)
	if (tag === 'option') delete props.selected
	return createElement(tag, props, ...children)
}

/** The elements of `<body>` of the page the bench saved as `<dir>/<page>.html`. */
export function capturedElements(dir: string, page: string): ReactNode {
	const html = readFileSync(path.join(dir, `${path.basename(page)}.html`), 'utf8')
	const body = html.slice(html.indexOf('>', html.indexOf('<body')) + 1, html.lastIndexOf('</body>'))
	return (parseFragment(body) as Node).childNodes?.map(element) ?? null
}
