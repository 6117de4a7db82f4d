import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { EnvError, EnvSchema, parseEnv } from './env.ts'

describe('the environment', () => {
	test('unset or empty variables take their defaults', () => {
		const env = parseEnv({ PORT: '', LOG_REQUESTS: undefined })
		expect(env).toMatchObject({
			NODE_ENV: 'development',
			PORT: 3000,
			PRESENTER_TIMEOUT_MS: 15_000,
			LOGIN_FAILURES_PER_USER: 5,
			LOG_REQUESTS: true,
			SANDBOX_CONTROL: false,
			PORTAL_DB: '.data/portal.sqlite',
			CI: false,
		})
		expect(parseEnv({ CI: '1', SANDBOX_CONTROL: 'true', PORT: '8080' })).toMatchObject({
			CI: true,
			SANDBOX_CONTROL: true,
			PORT: 8080,
		})
	})

	test('a bad value is refused, naming the variable and what it was', () => {
		expect(() => parseEnv({ PRESENTER_TIMEOUT_MS: 'soon', LOG_REQUESTS: 'no' })).toThrow(EnvError)
		let message = ''
		try {
			parseEnv({ PRESENTER_TIMEOUT_MS: 'soon', LOG_REQUESTS: 'no', MAIL_PER_USER_HOUR: '0' })
		} catch (error) {
			message = (error as Error).message
		}
		expect(message).toContain('PRESENTER_TIMEOUT_MS="soon"')
		expect(message).toContain('LOG_REQUESTS="no"')
		expect(message).toContain('MAIL_PER_USER_HOUR="0"')
		expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT="70000"/)
	})

	test('the README lists every variable, and only those, in its configuration table', () => {
		const readme = readFileSync('README.md', 'utf8')
		const table = readme.slice(readme.search(/^\|\s*Variable\s*\|\s*Default\s*\|/m))
		const rows = table.slice(0, table.indexOf('\n\n'))
		const listed = [...rows.matchAll(/^\| `([A-Z_]+)`/gm)].map((m) => m[1])
		const known = Object.keys(EnvSchema.shape).filter((name) => name !== 'CI')
		expect([...listed].sort()).toEqual([...known].sort())
	})
})
