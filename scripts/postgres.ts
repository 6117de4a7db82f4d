/**
 * A throwaway PostgreSQL server for trials and tests: a data directory in a temporary folder, on
 * 127.0.0.1 and a free port, removed when stopped. Uses the server binaries of Debian's
 * `postgresql` package (tests/setup/ensure-services.sh installs it); PG_BIN names another folder.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import {
	chmodSync,
	chownSync,
	existsSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from '#tests/utils/portal.ts'

export type Postgres = {
	/** postgres://portal@127.0.0.1:{port}/portal, trust authentication on loopback. */
	url: string
	port: number
	/** Stops the server (fast shutdown) and removes its data directory. */
	stop: () => Promise<void>
	/** Kills the server at once and removes its data directory (for a process 'exit' handler). */
	kill: () => void
}

/** The folder of the newest PostgreSQL server binaries installed, or PG_BIN. */
export function postgresBinaries(env: NodeJS.ProcessEnv = process.env) {
	if (env.PG_BIN) return env.PG_BIN
	const root = '/usr/lib/postgresql'
	const versions = existsSync(root)
		? readdirSync(root)
				.filter((v) => existsSync(path.join(root, v, 'bin', 'postgres')))
				.sort((a, b) => Number(b) - Number(a))
		: []
	if (!versions.length)
		throw new Error(
			'PostgreSQL is not installed: install Debian\'s "postgresql" package (sudo apt-get install -y postgresql), or set PG_BIN to the folder holding initdb and postgres.',
		)
	return path.join(root, versions[0]!, 'bin')
}

/**
 * initdb and postgres refuse to run as root: as root they run as the `postgres` user, which then
 * owns the temporary folder.
 */
function serverUser() {
	if (process.getuid?.() !== 0) return undefined
	const line = readFileSync('/etc/passwd', 'utf8')
		.split('\n')
		.find((l) => l.startsWith('postgres:'))
	if (!line)
		throw new Error('Running as root, but there is no "postgres" user to run PostgreSQL as.')
	const [, , uid, gid] = line.split(':')
	return { uid: Number(uid), gid: Number(gid) }
}

/** Starts a throwaway PostgreSQL server; resolves once it accepts connections. */
export async function startPostgres(
	options: { log?: (line: string) => void } = {},
): Promise<Postgres> {
	const bin = postgresBinaries()
	const user = serverUser()
	const dir = mkdtempSync(path.join(tmpdir(), 'portal-postgres-'))
	const data = path.join(dir, 'data')
	if (user) chownSync(dir, user.uid, user.gid)
	chmodSync(dir, 0o700)
	const asServer = { ...(user ?? {}), env: { ...process.env, LC_ALL: 'C' } }

	const init = spawnSync(
		path.join(bin, 'initdb'),
		['-D', data, '-U', 'portal', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync'],
		{ ...asServer, encoding: 'utf8' },
	)
	if (init.status !== 0) {
		rmSync(dir, { recursive: true, force: true })
		throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`)
	}

	const port = await freePort()
	const server: ChildProcess = spawn(
		path.join(bin, 'postgres'),
		[
			'-D',
			data,
			'-p',
			String(port),
			'-c',
			'listen_addresses=127.0.0.1',
			'-c',
			`unix_socket_directories=${dir}`,
			// Throwaway data: no waiting on the disk.
			'-c',
			'fsync=off',
			'-c',
			'synchronous_commit=off',
			'-c',
			'full_page_writes=off',
		],
		// Its own process group: a Ctrl-C in the terminal reaches whoever started it, which stops
		// it last (after the portals that use it).
		{ ...asServer, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
	)
	let output = ''
	const collect = (chunk: Buffer) => {
		output += chunk
		for (const line of String(chunk).split('\n')) if (line.trim()) options.log?.(line)
	}
	server.stdout?.on('data', collect)
	server.stderr?.on('data', collect)
	const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
	// Whatever happens to this process (an error, Ctrl-C while starting), the server goes with it.
	const kill = () => {
		server.kill('SIGKILL')
		rmSync(dir, { recursive: true, force: true })
	}
	process.once('exit', kill)

	const stop = async () => {
		process.removeListener('exit', kill)
		// SIGINT: fast shutdown (open sessions are ended, nothing is waited for).
		if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT')
		await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
		if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL')
		rmSync(dir, { recursive: true, force: true })
	}

	const psql = (flag: string, sql: string) =>
		spawnSync(
			path.join(bin, 'psql'),
			['-h', '127.0.0.1', '-p', String(port), '-U', 'portal', '-d', 'postgres', flag, sql],
			{ encoding: 'utf8' },
		)
	const deadline = Date.now() + 30_000
	while (Date.now() < deadline) {
		if (server.exitCode !== null) break
		const ready = psql('-Atqc', 'SELECT 1')
		if (ready.status === 0) {
			const created = psql('-qc', 'CREATE DATABASE portal')
			if (created.status !== 0) {
				await stop()
				throw new Error(`Could not create the database:\n${created.stderr}`)
			}
			return { url: `postgres://portal@127.0.0.1:${port}/portal`, port, stop, kill }
		}
		await new Promise((r) => setTimeout(r, 200))
	}
	await stop()
	throw new Error(`PostgreSQL did not start:\n${output}`)
}

let databases = 0
/** A new, empty database on the server at `url` (one per test file or test): its URL. */
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
