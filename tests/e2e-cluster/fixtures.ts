import { test as base, expect } from '@playwright/test'
import { type Cluster, ensureBuild, startCluster } from '#scripts/cluster.ts'
import { sandboxControl, type SandboxControl } from '../e2e/fixtures.ts'

export { expect }
export { activeCartLines, addToCart, fillCheckout, openMenu } from '../e2e/fixtures.ts'

/** One answer of the portal, as the browser saw it. */
export type Answer = { path: string; status: number; instance: string; location: string }

/** The answers through nginx in this test, and what they say about who served it. */
export type Trail = {
	answers: Answer[]
	/** The instances (X-Portal-Instance) that answered, sorted. */
	instances: () => string[]
	/** Answers that sent the browser to sign in. */
	signedOut: () => Answer[]
	/** Answers 5xx, or without an instance name (nginx's own error pages). */
	failures: () => Answer[]
}

export function trailOf(answers: Answer[]): Trail {
	return {
		answers,
		instances: () => [...new Set(answers.map((a) => a.instance).filter(Boolean))].sort(),
		signedOut: () =>
			answers.filter((a) => a.path.startsWith('/login') || a.location.startsWith('/login')),
		failures: () => answers.filter((a) => a.status >= 500 || !a.instance),
	}
}

export const test = base.extend<
	{ sandbox: SandboxControl; trail: Trail; enhanced: boolean },
	{ cluster: Cluster }
>({
	enhanced: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled),
	cluster: [
		// eslint-disable-next-line no-empty-pattern
		async ({}, use) => {
			ensureBuild()
			const cluster = await startCluster({ log: process.env.CLUSTER_LOG === 'true' })
			await use(cluster)
			await cluster.stop()
		},
		{ scope: 'worker', timeout: 120_000 },
	],
	baseURL: async ({ cluster }, use) => use(cluster.url),
	sandbox: [
		async ({ playwright, cluster }, use) => {
			// The sandbox's control API on its own port: nginx does not pass it on.
			const request = await playwright.request.newContext()
			const sandbox = sandboxControl(request, cluster.sandboxUrl)
			await sandbox.reset()
			await use(sandbox)
			await request.dispose()
		},
		{ auto: true },
	],
	/** Every answer the page got from the portal through nginx (pictures and scripts too). */
	trail: async ({ page, cluster }, use) => {
		const origin = new URL(cluster.url).origin
		const answers: Answer[] = []
		page.on('response', (response) => {
			const url = new URL(response.url())
			if (url.origin !== origin || url.pathname.startsWith('/presenter/')) return
			const headers = response.headers()
			answers.push({
				path: url.pathname + url.search,
				status: response.status(),
				instance: headers['x-portal-instance'] ?? '',
				location: headers['location'] ?? '',
			})
		})
		await use(trailOf(answers))
	},
})
