/**
 * What the bench's parts share: the floor (bench/floor/, built and served like the portal) and the
 * ceiling app beside it (bench/ceiling/), a signed-in demo customer with a line in the cart, and
 * the checkout form that places its order.
 */
import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import { type Portal } from '#tests/utils/portal.ts'

type BenchApp = 'floor' | 'ceiling'

/** Builds the floor and the ceiling app into their build/ folders (ignored), as `npm run bench:floor` does. */
export function buildFloor() {
	for (const app of ['floor', 'ceiling'] satisfies BenchApp[]) {
		const built = spawnSync('node_modules/.bin/react-router', ['build', `bench/${app}`], {
			encoding: 'utf8',
		})
		if (built.status !== 0) throw new Error(`${app} build failed:\n${built.stdout}${built.stderr}`)
	}
}

/** Where the bench saves the portal pages whose markup the ceiling app renders. */
export const MARKUP_DIR = path.resolve('bench/results/markup')

/** Starts the floor's (or the ceiling app's) production server; resolves once it answers. */
export async function startFloor(port: number, app: BenchApp = 'floor'): Promise<Portal> {
	const url = `http://127.0.0.1:${port}`
	const child = spawn(process.execPath, ['bench/floor/server.ts'], {
		env: {
			...process.env,
			NODE_ENV: 'production',
			PORT: String(port),
			BENCH_APP: app,
			FLOOR_MARKUP_DIR: MARKUP_DIR,
		},
		stdio: ['ignore', 'inherit', 'inherit'],
	})
	const stop = () =>
		new Promise<void>((resolve) => {
			if (child.exitCode !== null) return resolve()
			child.once('exit', () => resolve())
			child.kill('SIGTERM')
		})
	for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
		if (child.exitCode !== null) throw new Error(`The ${app} exited early (port ${port} in use?)`)
		// Any answer will do: the ceiling app has no page at /.
		if (
			await fetch(url).then(
				() => true,
				() => false,
			)
		)
			return { url, stop }
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	await stop()
	throw new Error(`The ${app} did not start on ${url}`)
}

/** Signs the demo customer in: a fresh presenter session, nothing cached for it yet. */
export async function signIn(base: string) {
	const response = await fetch(`${base}/login`, {
		method: 'POST',
		body: new URLSearchParams({ username: 'demo', password: 'demo' }),
		redirect: 'manual',
	})
	const cookie = response.headers
		.getSetCookie()
		.find((c) => c.startsWith('__portal='))
		?.split(';')[0]
	if (response.status !== 302 || !cookie) throw new Error(`Sign-in failed: HTTP ${response.status}`)
	return cookie
}

/** Puts a box of nails in the session's cart, so /cart and /checkout have something to show. */
export async function addToCart(base: string, cookie: string) {
	const response = await fetch(`${base}/products/HWR/FAS/NAI`, {
		method: 'POST',
		headers: { cookie },
		body: new URLSearchParams({
			intent: 'add-to-cart',
			productID: 'HNAI001',
			uom: 'BOX',
			quantity: '2',
		}),
		redirect: 'manual',
	})
	await response.body?.cancel()
	if (response.status !== 200) throw new Error(`Add to cart failed: HTTP ${response.status}`)
}

/** dd/MM/yyyy a week from now: a required date the checkout accepts. */
function requiredDate() {
	const d = new Date(Date.now() + 7 * 86_400_000)
	return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`
}

/** The checkout form for the cart on `checkoutHtml` (the page carries the attempt id). */
export function checkoutForm(checkoutHtml: string, reference: string) {
	const attempt = /name="attempt" value="([^"]+)"/.exec(checkoutHtml)?.[1]
	if (!attempt) throw new Error('The checkout page has no attempt id (empty cart?)')
	return new URLSearchParams({
		attempt,
		transactionType: 'Order',
		'shipping.despatchType': 'PICKUP',
		'shipping.deliveryTo': 'Site office',
		'shipping.reference': reference,
		'delivery.branch': '1',
		'delivery.contactName': 'Bench Mark',
		'delivery.contactPhone': '0412 000 111',
		'delivery.requiredDate': requiredDate(),
		'delivery.requiredTime': '7:30',
	})
}
