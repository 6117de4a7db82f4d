import { type Page } from '@playwright/test'

type AxNode = {
	nodeId: string
	role?: { value: string }
	name?: { value: string }
	childIds?: string[]
}

/**
 * The text of the element with this role and name as the browser's accessibility tree has it
 * (what a screen reader reads), or null when it is not shown. Unlike Playwright's text matchers
 * it has CSS-generated text, such as a `counter()` (Chromium, which the tests run).
 */
export async function spokenText(page: Page, role: string, name: string) {
	const cdp = await page.context().newCDPSession(page)
	try {
		const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] }
		const byId = new Map(nodes.map((n) => [n.nodeId, n]))
		const found = nodes.find((n) => n.role?.value === role && n.name?.value === name)
		if (!found) return null
		const text = (n: AxNode | undefined): string =>
			!n
				? ''
				: n.role?.value === 'StaticText'
					? (n.name?.value ?? '')
					: (n.childIds ?? []).map((id) => text(byId.get(id))).join(' ')
		return text(found).replace(/\s+/g, ' ').trim()
	} finally {
		await cdp.detach()
	}
}
