import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { nginxConfiguration } from '#scripts/cluster.ts'

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx'

function configuration(dir: string) {
	return nginxConfiguration({
		dir,
		host: '127.0.0.1',
		port: 3999,
		instancePorts: [4101, 4102],
		sandboxPort: 4200,
	})
}

test('the cluster fills deploy/nginx.conf in: its instances, its port, the sandbox paths browsers load', () => {
	const conf = configuration('/tmp/x')
	expect(conf.match(/^\s*server 127\.0\.0\.1:\d+[^\n]*/gm)?.map((l) => l.trim())).toEqual([
		'server 127.0.0.1:4101 max_fails=1 fail_timeout=5s;',
		'server 127.0.0.1:4102 max_fails=1 fail_timeout=5s;',
	])
	expect(conf).toContain('listen 127.0.0.1:3999;')
	expect(conf).toMatch(/location \/presenter\/media\/ \{ proxy_pass http:\/\/127\.0\.0\.1:4200;/)
	expect(conf).toMatch(/location \/presenter\/pay\/ \{ proxy_pass http:\/\/127\.0\.0\.1:4200;/)
	// Retries of requests an instance could not answer; never of a post it received.
	expect(conf).toContain('proxy_next_upstream error timeout http_502;')
	const directives = conf.replace(/#[^\n]*/g, '')
	expect(directives).not.toContain('non_idempotent')
	expect(directives).not.toMatch(/ip_hash|sticky|hash /)
	// Everything nginx writes stays in the cluster's folder.
	for (const line of conf.match(/^\s*\w+_temp_path [^;]+;|^pid [^;]+;/gm) ?? [])
		expect(line).toContain('/tmp/x/')
})

test.skipIf(!existsSync(NGINX))('nginx accepts the configuration deploy/nginx.conf makes', () => {
	const dir = mkdtempSync(path.join(tmpdir(), 'nginx-conf-'))
	try {
		const file = path.join(dir, 'nginx.conf')
		writeFileSync(file, configuration(dir))
		const checked = spawnSync(NGINX, ['-t', '-p', `${dir}/`, '-c', file, '-e', 'stderr'], {
			encoding: 'utf8',
		})
		expect(checked.stderr).toContain('test is successful')
		expect(checked.status).toBe(0)
	} finally {
		rmSync(dir, { recursive: true, force: true })
	}
})

test('the cluster refuses a deploy/nginx.conf it cannot fill in', () => {
	const site = readFileSync(path.resolve('deploy/nginx.conf'), 'utf8').replace(
		'listen 80;',
		'listen 8080;',
	)
	expect(() =>
		nginxConfiguration({
			dir: '/tmp/x',
			host: '127.0.0.1',
			port: 1,
			instancePorts: [2],
			sandboxPort: 3,
			site,
		}),
	).toThrow(/listen 80/)
})
