import { startPortal } from '#tests/utils/portal.ts'
const portal = await startPortal()
let cookie = ''
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'
async function req(path: string, form?: Record<string, string> | URLSearchParams) {
	const r = await fetch(portal.url + path, { method: form ? 'POST' : 'GET', headers: { ...(cookie ? { Cookie: cookie } : {}), 'User-Agent': UA }, body: form ? new URLSearchParams(form) : undefined, redirect: 'manual' })
	const set = r.headers.getSetCookie().find((c) => c.startsWith('__portal='))
	if (set) cookie = set.split(';')[0]!
	return { status: r.status, body: await r.text(), location: r.headers.get('location') }
}
try {
	await req('/login', { username: 'demo', password: 'demo' })
	const t = performance.now()
	const page = await req('/jobs')
	console.log('jobs', page.status, Math.round(performance.now() - t), 'ms')
	const i = page.body.indexOf('Jobs from your orders')
	console.log(page.body.slice(i, i + 3000).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '))
	const keys = [...page.body.matchAll(/name="key" checked="" value="([^"]+)"/g)].map((m) => m[1]!)
	const sub = /name="submissionKey" value="([^"]+)"/.exec(page.body.slice(i))?.[1] ?? ''
	console.log(keys.length, 'keys', sub ? 'with submission key' : 'no key')
	const form = new URLSearchParams({ intent: 'add-jobs-from-history', submissionKey: sub })
	for (const k of keys.slice(0, 3)) form.append('key', k)
	const post = await req('/jobs', form)
	console.log('post', post.status, post.location, post.body.slice(0, 200))
	const after = await req('/jobs')
	console.log(after.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').match(/Jobs Job.{0,600}/)?.[0])
	const none = await req('/jobs', new URLSearchParams({ intent: 'add-jobs-from-history' }))
	console.log('none', none.status, none.body.slice(0, 300))
} finally {
	await portal.stop()
}
