/**
 * `npm run cluster`: the portal as it runs on several machines, for a trial on this one. Starts a
 * throwaway PostgreSQL, the sandbox presenter as its own process, two portal instances (the
 * production build) and nginx in front on PORT (3000 by default), configured from
 * deploy/nginx.conf. Ctrl-C stops everything it started and removes its temporary files.
 * The browser tests of tests/e2e-cluster start it through startCluster.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { seedDemoStore } from '#app/.server/config/demo-seed.ts'
import { openPostgresStore } from '#app/.server/store/index.ts'
import { freePort } from '#tests/utils/portal.ts'
import { type Postgres, startPostgres } from './postgres.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx'

export type Instance = {
	name: string
	port: number
	/** The instance itself, not through nginx. */
	url: string
	/** Whether its process is running. */
	running: () => boolean
	/** Sends `signal` (SIGTERM: a graceful stop) and resolves with the exit code. */
	stop: (signal?: NodeJS.Signals) => Promise<number | null>
	/** Starts it again on the same port; resolves once it is healthy. */
	start: () => Promise<void>
}

export type Cluster = {
	/** nginx: the address customers use. */
	url: string
	instances: Instance[]
	/** The sandbox presenter's own address (its control API is at /__sandbox). */
	sandboxUrl: string
	databaseUrl: string
	/** Stops nginx, the instances, the sandbox and PostgreSQL, and removes the temporary files. */
	stop: () => Promise<void>
}

export type ClusterOptions = {
	/** nginx's port; a free one when not given. */
	port?: number
	/** The address nginx listens on (127.0.0.1 by default). */
	host?: string
	instances?: number
	/** Prints every process's output, each line prefixed with its name. */
	log?: boolean
	/** More environment for the portal instances. */
	env?: Record<string, string>
}

/** Builds the production build when there is none. */
export function ensureBuild() {
	if (existsSync(path.join(ROOT, 'build/server/index.js'))) return
	console.log('No production build yet: building it (npm run build)...')
	const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
	if (built.status !== 0) throw new Error('The build failed.')
}

/** Resolves once `url` answers 200 (any answer with anyStatus), or throws when `child` exits or `ms` pass. */
async function healthy(
	url: string,
	child: ChildProcess,
	output: () => string,
	{ ms = 30_000, anyStatus = false } = {},
) {
	const deadline = Date.now() + ms
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null)
			throw new Error(`${url} exited early:\n${output()}`)
		const ok = await fetch(url).then(
			(r) => anyStatus || r.ok,
			() => false,
		)
		if (ok) return
		await new Promise((r) => setTimeout(r, 150))
	}
	throw new Error(`${url} was not healthy after ${ms} ms:\n${output()}`)
}

/** Spawns a process in its own process group (Ctrl-C reaches the cluster only, which stops it in order). */
function run(
	name: string,
	command: string,
	args: string[],
	env: NodeJS.ProcessEnv,
	log: boolean,
	children: Set<ChildProcess>,
) {
	const child = spawn(command, args, {
		cwd: ROOT,
		env,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	children.add(child)
	child.once('exit', () => children.delete(child))
	let output = ''
	const collect = (chunk: Buffer) => {
		output = (output + String(chunk)).slice(-20_000)
		if (log)
			for (const line of String(chunk).split('\n'))
				if (line.trim()) console.log(`[${name}] ${line}`)
	}
	child.stdout?.on('data', collect)
	child.stderr?.on('data', collect)
	const exited = new Promise<number | null>((resolve) =>
		child.once('exit', (code, signal) => resolve(code ?? (signal ? null : 0))),
	)
	return { child, exited, output: () => output }
}

/** Sends `signal` and waits for the exit, killing the process after `ms`. */
async function terminate(
	proc: { child: ChildProcess; exited: Promise<number | null> },
	signal: NodeJS.Signals = 'SIGTERM',
	ms = 15_000,
) {
	const { child } = proc
	if (child.exitCode === null && child.signalCode === null) child.kill(signal)
	const timer = setTimeout(() => child.kill('SIGKILL'), ms)
	const code = await proc.exited
	clearTimeout(timer)
	return code
}

/**
 * nginx's configuration for the trial: deploy/nginx.conf with the instances' ports, nginx's own
 * port, and the sandbox's browser-facing paths (its pictures and datasheets, and its hosted
 * payment page), inside a main context that keeps every file nginx writes in `dir`.
 */
export function nginxConfiguration(options: {
	dir: string
	host: string
	port: number
	instancePorts: number[]
	sandboxPort: number
	site?: string
}) {
	const { dir, host, port, instancePorts, sandboxPort } = options
	let site = options.site ?? readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8')
	const servers = instancePorts
		.map((p) => `\tserver 127.0.0.1:${p} max_fails=1 fail_timeout=5s;\n`)
		.join('')
	let placed = false
	site = site.replace(/^[ \t]*server 127\.0\.0\.1:\d+[^\n]*\n/gm, () => {
		if (placed) return ''
		placed = true
		return servers
	})
	const sandbox = `http://127.0.0.1:${sandboxPort}`
	const forwarded = [
		'proxy_set_header Host $http_host;',
		'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
		'proxy_set_header X-Forwarded-Proto $scheme;',
	].join(' ')
	site = site
		.replace(/^([ \t]*)listen 80;/m, `$1listen ${host}:${port};`)
		.replace(/^([ \t]*)server_name [^;]+;/m, '$1server_name localhost;')
		.replace(
			/^([ \t]*)location \/ \{/m,
			[
				"$1# The trial's sandbox presenter: what browsers load from it directly.",
				`$1location /presenter/media/ { proxy_pass ${sandbox}; ${forwarded} }`,
				`$1location /presenter/pay/ { proxy_pass ${sandbox}; ${forwarded} }`,
				'$1location / {',
			].join('\n'),
		)
	if (!placed || !site.includes(`listen ${host}:${port};`))
		throw new Error(
			'deploy/nginx.conf no longer has the upstream servers or `listen 80;` to fill in.',
		)
	const user = process.getuid?.() === 0 ? 'user nobody nogroup;\n' : ''
	return `${user}daemon off;
worker_processes 2;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
	access_log off;
	default_type application/octet-stream;
	client_body_temp_path ${dir}/client_body;
	proxy_temp_path ${dir}/proxy;
	fastcgi_temp_path ${dir}/fastcgi;
	uwsgi_temp_path ${dir}/uwsgi;
	scgi_temp_path ${dir}/scgi;

${site}
}
`
}

/**
 * Starts the cluster; resolves once nginx answers with every instance healthy. On failure, stops
 * whatever it had started.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
	if (!existsSync(NGINX))
		throw new Error(
			`nginx is not installed at ${NGINX}: install Debian's "nginx" package (sudo apt-get install -y nginx), or set NGINX_BIN.`,
		)
	const log = options.log ?? false
	const host = options.host ?? '127.0.0.1'
	const children = new Set<ChildProcess>()
	const dir = mkdtempSync(path.join(tmpdir(), 'portal-cluster-'))
	// nginx's workers run as nobody when started as root: they need to reach their temp folders.
	chmodSync(dir, 0o711)
	let postgres: Postgres | undefined
	const stops: Array<() => Promise<unknown>> = []

	// Whatever happens to this process, nothing it started outlives it.
	const onExit = () => {
		for (const child of children) child.kill('SIGKILL')
		postgres?.kill()
		rmSync(dir, { recursive: true, force: true })
	}
	process.once('exit', onExit)

	let stopped = false
	const stop = async () => {
		if (stopped) return
		stopped = true
		for (const step of stops.reverse()) await step().catch((e: unknown) => console.error(e))
		process.removeListener('exit', onExit)
		onExit()
	}

	try {
		const port = options.port ?? (await freePort())
		const url = `http://localhost:${port}`

		postgres = await startPostgres({ log: log ? (l) => console.log(`[postgres] ${l}`) : undefined })
		stops.push(() => postgres!.stop())
		// The demo's portal-side part (order limits, administrators), as a portal that embeds the
		// sandbox seeds its own store: here the shared one the instances use.
		const store = openPostgresStore(postgres.url)
		try {
			await seedDemoStore(store)
		} finally {
			await store.close()
		}

		const sandboxPort = await freePort()
		const sandbox = run(
			'sandbox',
			process.execPath,
			['server/sandbox/standalone.ts'],
			{
				...process.env,
				SANDBOX_PORT: String(sandboxPort),
				SANDBOX_HOST: '127.0.0.1',
				SANDBOX_DB: ':memory:',
				SANDBOX_CONTROL: 'true',
			},
			log,
			children,
		)
		stops.push(() => terminate(sandbox))
		const sandboxUrl = `http://127.0.0.1:${sandboxPort}`
		// Listening is enough: it has no health check of its own.
		await healthy(sandboxUrl, sandbox.child, sandbox.output, { anyStatus: true })

		const secret = process.env.SESSION_SECRET ?? randomBytes(32).toString('hex')
		const instancePorts = await Promise.all(
			Array.from({ length: options.instances ?? 2 }, () => freePort()),
		)
		const instances = instancePorts.map((instancePort, i) => {
			const name = `portal-${i + 1}`
			const env: NodeJS.ProcessEnv = {
				...process.env,
				NODE_ENV: 'production',
				PORT: String(instancePort),
				HOST: '127.0.0.1',
				PORTAL_INSTANCE: name,
				PUBLIC_URL: url,
				PRESENTER_URL: `${sandboxUrl}/presenter`,
				DATABASE_URL: postgres!.url,
				// Until the portal's own store is in PostgreSQL, the instances share its SQLite file
				// (WAL: several processes on one machine).
				PORTAL_DB: path.join(dir, 'portal.sqlite'),
				SESSION_SECRET: secret,
				TRUST_PROXY: 'loopback',
				...options.env,
			}
			let proc: ReturnType<typeof run> | undefined
			const instance: Instance = {
				name,
				port: instancePort,
				url: `http://127.0.0.1:${instancePort}`,
				running: () =>
					Boolean(proc && proc.child.exitCode === null && proc.child.signalCode === null),
				stop: async (signal = 'SIGTERM') => (proc ? terminate(proc, signal) : null),
				start: async () => {
					proc = run(name, process.execPath, ['server/index.ts'], env, log, children)
					await healthy(`${instance.url}/healthcheck`, proc.child, proc.output)
				},
			}
			return instance
		})
		stops.push(() => Promise.all(instances.map((i) => i.stop())))
		await Promise.all(instances.map((i) => i.start()))

		const conf = path.join(dir, 'nginx.conf')
		writeFileSync(conf, nginxConfiguration({ dir, host, port, instancePorts, sandboxPort }))
		const checked = spawnSync(NGINX, ['-t', '-q', '-p', `${dir}/`, '-c', conf, '-e', 'stderr'], {
			encoding: 'utf8',
		})
		if (checked.status !== 0) throw new Error(`nginx refused its configuration:\n${checked.stderr}`)
		const nginx = run(
			'nginx',
			NGINX,
			['-p', `${dir}/`, '-c', conf, '-e', 'stderr'],
			process.env,
			log,
			children,
		)
		// SIGQUIT: nginx finishes the requests it is serving, then exits.
		stops.push(() => terminate(nginx, 'SIGQUIT', 10_000))
		await healthy(`${url}/healthcheck`, nginx.child, nginx.output)

		return { url, instances, sandboxUrl, databaseUrl: postgres.url, stop }
	} catch (error) {
		await stop()
		throw error
	}
}

if (import.meta.main) {
	/** The cluster once started; a signal before then finds none. */
	const started: { cluster?: Cluster } = {}
	let stopping = false
	const shutdown = async (signal: string) => {
		if (stopping) return
		stopping = true
		// Still starting: exit, and the 'exit' handler kills what had started.
		if (!started.cluster) process.exit(130)
		console.log(`${signal}: stopping nginx, the instances, the sandbox and PostgreSQL...`)
		await started.cluster.stop()
		console.log('Stopped.')
		process.exit(0)
	}
	process.on('SIGINT', () => void shutdown('SIGINT'))
	process.on('SIGTERM', () => void shutdown('SIGTERM'))

	ensureBuild()
	const port = Number(process.env.PORT ?? 3000)
	console.log('Starting PostgreSQL, the sandbox presenter, two portal instances and nginx...')
	const cluster = await startCluster({
		port,
		host: process.env.HOST ?? '127.0.0.1',
		log: process.env.LOG_CLUSTER !== 'false',
	}).catch((error: unknown) => {
		console.error(`The cluster did not start. ${(error as Error).message}`)
		process.exit(1)
	})
	started.cluster = cluster
	console.log(
		[
			'',
			`Trade portal (cluster) on ${cluster.url}`,
			`  nginx, round robin over ${cluster.instances.map((i) => `${i.name} (${i.url})`).join(' and ')}`,
			`  sandbox presenter ${cluster.sandboxUrl}/presenter, PostgreSQL ${cluster.databaseUrl}`,
			'  Each answer names its instance in the X-Portal-Instance header.',
			'  Demo logins (password demo): demo (administrator), tbaker (sales user), onhold, suspended.',
			'  Ctrl-C stops everything.',
			'',
		].join('\n'),
	)
}
