import { execFileSync, spawn } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from '#tests/utils/portal.ts'

/**
 * A throwaway PostgreSQL cluster for tests (and trials): Debian's server binaries, a data
 * directory in a temporary folder, trust authentication, listening on a free port of 127.0.0.1
 * only, fsync off. Installs Debian's `postgresql` when it is missing and we are root (as
 * tests/setup/ensure-chromium.sh does for chromium). `initdb` refuses to run as root, so as root
 * the server runs as the `postgres` user. `stop()` ends the server and removes the folder.
 */
export type Postgres = { url: string; stop: () => Promise<void> }

const isRoot = process.getuid?.() === 0

/** The newest installed server's bin folder (/usr/lib/postgresql/<version>/bin), if any. */
function serverBin() {
	const root = '/usr/lib/postgresql'
	if (!existsSync(root)) return undefined
	const versions = readdirSync(root)
		.filter((v) => existsSync(path.join(root, v, 'bin', 'postgres')))
		.sort((a, b) => Number(b) - Number(a))
	return versions[0] && path.join(root, versions[0], 'bin')
}

/** The server binaries, installed from Debian when missing and possible; else a clear error. */
export function ensurePostgres() {
	let bin = serverBin()
	if (!bin && isRoot && existsSync('/usr/bin/apt-get')) {
		console.log("PostgreSQL not found: installing Debian's postgresql package...")
		execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
		execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], {
			stdio: 'inherit',
			env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		})
		bin = serverBin()
	}
	if (!bin) {
		throw new Error(
			'The shared-store tests need PostgreSQL server binaries (/usr/lib/postgresql/<version>/bin).\n' +
				'Install them, then run the tests again:\n    sudo apt-get update && sudo apt-get install -y postgresql',
		)
	}
	return bin
}

/** Runs a server binary, as the postgres user when we are root. */
function asServerUser(command: string, args: string[]) {
	if (!isRoot) return { command, args }
	return {
		command: 'setpriv',
		args: ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', command, ...args],
	}
}

export async function startPostgres(): Promise<Postgres> {
	const bin = ensurePostgres()
	const dir = mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'portal-pg-'))
	const data = path.join(dir, 'data')
	if (isRoot) {
		const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim())
		chownSync(dir, id('-u'), id('-g'))
	}
	const remove = () => rmSync(dir, { recursive: true, force: true })
	try {
		const init = asServerUser(path.join(bin, 'initdb'), [
			'-D',
			data,
			'-U',
			'postgres',
			'-A',
			'trust',
			'-E',
			'UTF8',
			'--locale=C',
			'--no-sync',
		])
		execFileSync(init.command, init.args, { stdio: 'pipe' })
	} catch (error) {
		remove()
		throw error
	}
	const port = await freePort()
	// prettier-ignore
	const settings = ['-c', 'listen_addresses=127.0.0.1', '-k', dir, '-p', String(port),
		'-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
	const server = asServerUser(path.join(bin, 'postgres'), ['-D', data, ...settings])
	const child = spawn(server.command, server.args, { stdio: ['ignore', 'ignore', 'pipe'] })
	let output = ''
	child.stderr.on('data', (d: Buffer) => (output += d))
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
	const url = `postgres://postgres@127.0.0.1:${port}/postgres`
	const stop = async () => {
		// SIGINT: the server's fast shutdown (ends sessions, no waiting for clients to leave).
		if (child.exitCode === null) child.kill('SIGINT')
		await exited
		remove()
	}

	const deadline = Date.now() + 30_000
	for (;;) {
		const client = new pg.Client({ connectionString: url })
		const ready = await client.connect().then(
			() => true,
			() => false,
		)
		await client.end().catch(() => {})
		if (ready) return { url, stop }
		if (child.exitCode !== null || Date.now() > deadline) {
			await stop()
			throw new Error(`PostgreSQL did not start:\n${output}`)
		}
		await new Promise((r) => setTimeout(r, 100))
	}
}

let databases = 0
/** A new, empty database on the cluster at `url` (one per test file or test): its URL. */
export async function createDatabase(url: string) {
	const name = `test_${process.pid}_${++databases}_${Date.now()}`
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		await client.query(`CREATE DATABASE ${name}`)
	} finally {
		await client.end()
	}
	const next = new URL(url)
	next.pathname = `/${name}`
	return next.toString()
}
