/**
 * A throwaway PostgreSQL server for trials and tests: a data directory in a temporary folder, on
 * 127.0.0.1 and a free port, removed when stopped. Uses the server binaries of Debian's
 * `postgresql` package (tests/setup/ensure-services.sh installs it); PG_BIN names another folder.
 *
 * Every connection, over TCP or the Unix socket, must give a password (scram-sha-256): another
 * process on the machine cannot read or forge the portal's sessions. Both passwords are made at
 * each start and live only in this process's memory and the URL it hands out. The portal connects
 * as `portal`, a role that is not a superuser and owns the `portal` database and its tables; the
 * bootstrap superuser `postgres` only creates them.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
	chmodSync,
	chownSync,
	existsSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from '#tests/utils/portal.ts'

export type Postgres = {
	/** postgres://portal:{password}@127.0.0.1:{port}/portal: the portal's role, not a superuser. */
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

/** A password for one run: 32 random bytes, safe in a URL. */
const newPassword = () => randomBytes(32).toString('base64url')

/**
 * Starts a throwaway PostgreSQL server; resolves once it accepts connections and the `portal`
 * role and database exist. `createDatabases` lets the role create more databases (the store's
 * tests make one per file).
 */
export async function startPostgres(
	options: { log?: (line: string) => void; createDatabases?: boolean } = {},
): Promise<Postgres> {
	const bin = postgresBinaries()
	const user = serverUser()
	const dir = mkdtempSync(path.join(tmpdir(), 'portal-postgres-'))
	const data = path.join(dir, 'data')
	if (user) chownSync(dir, user.uid, user.gid)
	chmodSync(dir, 0o700)
	const asServer = { ...(user ?? {}), env: { ...process.env, LC_ALL: 'C' } }

	// initdb reads the superuser's password from a file, removed as soon as it has run.
	const superuserPassword = newPassword()
	const portalPassword = newPassword()
	const passwordFile = path.join(dir, 'superuser-password')
	writeFileSync(passwordFile, superuserPassword, { mode: 0o600 })
	if (user) chownSync(passwordFile, user.uid, user.gid)
	const init = spawnSync(
		path.join(bin, 'initdb'),
		[
			'-D',
			data,
			'-U',
			'postgres',
			`--pwfile=${passwordFile}`,
			'--auth=scram-sha-256',
			'--encoding=UTF8',
			'--no-locale',
			'--no-sync',
		],
		{ ...asServer, encoding: 'utf8' },
	)
	rmSync(passwordFile, { force: true })
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

	// The passwords go on stdin and in the environment, never on a command line others can read.
	const psql = (args: string[], input?: string) =>
		spawnSync(
			path.join(bin, 'psql'),
			['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', ...args],
			{ encoding: 'utf8', input, env: { ...process.env, PGPASSWORD: superuserPassword } },
		)
	const deadline = Date.now() + 30_000
	while (Date.now() < deadline) {
		if (server.exitCode !== null) break
		const ready = psql(['-Atqc', 'SELECT 1'])
		if (ready.status === 0) {
			const createdb = options.createDatabases ? 'CREATEDB' : 'NOCREATEDB'
			const created = psql(
				['-q', '-v', 'ON_ERROR_STOP=1'],
				`CREATE ROLE portal LOGIN NOSUPERUSER NOCREATEROLE ${createdb} PASSWORD '${portalPassword}';
				 CREATE DATABASE portal OWNER portal;`,
			)
			if (created.status !== 0) {
				await stop()
				throw new Error(`Could not create the portal's role and database:\n${created.stderr}`)
			}
			const url = `postgres://portal:${portalPassword}@127.0.0.1:${port}/portal`
			return { url, port, stop, kill }
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
