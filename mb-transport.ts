import http from 'node:http'
import { send } from './app/.server/presenter/transport.ts'
import * as auth from './app/.server/presenter/contract/auth.ts'
import { Agent, request as urequest } from 'undici'
const host = 'http://127.0.0.1:3199/presenter'
const login = await send(auth.login, { userid: 'demo', password: 'demo', domain: '1', extra: 'TPWEB01' }, { host, timeoutMs: 5000 })
const opts = { host, contextId: login.sessionID, timeoutMs: 5000 }
const url = host + '?ipApi=getState&ipService=tportalMobile&ipFunction=getState'
const headers = { Accept: 'application/json', 'Content-Type': 'application/json', 'X-FLUID-CONTEXT': login.sessionID }
const agent = new http.Agent({ keepAlive: true })
const uagent = new Agent()
const variants: Record<string, () => Promise<unknown>> = {
	send: () => send(auth.getState, {}, opts),
	fetchRaw: async () => JSON.parse(await (await fetch(url, { method: 'POST', headers, body: '{}' })).text()),
	fetchReq: async () => JSON.parse(await (await fetch(new Request(url, { method: 'POST', headers: new Headers(headers), body: '{}' }), { signal: AbortSignal.any([new AbortController().signal]) })).text()),
	http: () => new Promise((resolve, reject) => {
		const req = http.request(url, { method: 'POST', headers, agent }, (res) => { let b = ''; res.setEncoding('utf8'); res.on('data', (d) => (b += d)); res.on('end', () => resolve(JSON.parse(b))) })
		req.on('error', reject); req.end('{}')
	}),
	undici: async () => { const r = await urequest(url, { method: 'POST', headers, body: '{}', dispatcher: uagent }); return JSON.parse(await r.body.text()) },
}
for (const [name, fn] of Object.entries(variants)) {
	for (let i = 0; i < 300; i++) await fn()
	const N = 3000
	const c0 = process.cpuUsage(); const t0 = performance.now()
	await Promise.all(Array.from({ length: 10 }, async () => { for (let i = 0; i < N / 10; i++) await fn() }))
	const c = process.cpuUsage(c0)
	console.log(`${name.padEnd(9)} client ${((c.user + c.system) / 1000 / N).toFixed(3)} ms/call, wall ${((performance.now() - t0) / N).toFixed(3)}`)
}
