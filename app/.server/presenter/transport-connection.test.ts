import { once } from 'node:events'
import net from 'node:net'
import { afterEach, expect, test } from 'vitest'
import { getState } from './contract/auth.ts'
import { send } from './transport.ts'

/**
 * A presenter that answers the first request on each connection and keeps it open, then drops the
 * connection when a second request arrives on it: what a kept-alive connection the presenter has
 * just closed looks like to the client. (No msw here: this is about real connections.)
 */
async function droppingPresenter() {
	let connections = 0
	const server = net.createServer((socket) => {
		connections += 1
		let answered = false
		socket.on('data', () => {
			if (answered) return void socket.resetAndDestroy()
			answered = true
			const body = JSON.stringify({ dataset: { stateList: [] } })
			socket.write(
				`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
					`Connection: keep-alive\r\n\r\n${body}`,
			)
		})
	})
	server.listen(0, '127.0.0.1')
	await once(server, 'listening')
	const { port } = server.address() as net.AddressInfo
	return { host: `http://127.0.0.1:${port}/presenter`, connections: () => connections, server }
}

const servers: net.Server[] = []
afterEach(() => servers.splice(0).forEach((server) => server.close()))

test('a call on a kept-alive connection the presenter dropped is sent again on a new one', async () => {
	const presenter = await droppingPresenter()
	servers.push(presenter.server)
	const options = { host: presenter.host, contextId: 'ctx', timeoutMs: 2_000 }
	await send(getState, {}, options)
	// The second call goes out on the kept connection, which the presenter drops.
	const reply = await send(getState, {}, options)
	expect(reply.dataset.stateList).toEqual([])
	expect(presenter.connections()).toBe(2)
})
