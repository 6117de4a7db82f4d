import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
	type Configuration,
	type ConfigurationResult,
	isEmbeddedEndpoint,
	loadConfiguration,
	presenterHost,
} from './config.ts'

let dir: string
let files = 0
beforeAll(() => {
	dir = mkdtempSync(path.join(tmpdir(), 'portal-config-'))
})
afterAll(() => {
	rmSync(dir, { recursive: true, force: true })
})

/** Writes `content` (an object as JSON, or raw text) to a new temp file and returns its path. */
function file(content: unknown): string {
	const name = path.join(dir, `configuration-${++files}.json`)
	writeFileSync(name, typeof content === 'string' ? content : JSON.stringify(content))
	return name
}

const device = {
	endpointUrl: 'https://presenter.example.com/api',
	device_id: 'TPWEB01',
	company_id: '1',
	abn: '51 824 753 556',
	company_name: 'Southern Cross Building Supplies',
	company_email: 'trade@example.com',
	usa: false,
	theme: { primary: '#123456', masthead: '#abcdef', hyperlink: '#0b6e99' },
}

/** loadConfiguration of a file holding `DeviceList: [first]`, with an empty environment. */
const load = (first: unknown, env: NodeJS.ProcessEnv = {}) =>
	loadConfiguration(file({ DeviceList: [first] }), env)

function ok(result: ConfigurationResult): Readonly<Configuration> {
	if (!result.ok) throw new Error(`expected ok, got: ${result.reason}`)
	return result.config
}

function reason(result: ConfigurationResult): string {
	if (result.ok) throw new Error('expected the configuration to be unavailable')
	expect(result.reason).not.toBe('')
	return result.reason
}

const without = (key: keyof typeof device) => {
	const copy: Record<string, unknown> = { ...device }
	delete copy[key]
	return copy
}

describe('loadConfiguration', () => {
	test('a valid file gives the first device', () => {
		const config = ok(
			loadConfiguration(file({ DeviceList: [device, { ...device, device_id: 'OTHER' }] }), {}),
		)
		expect(config).toEqual(device)
	})

	test('the configuration is frozen', () => {
		const config = ok(load(device))
		expect(Object.isFrozen(config)).toBe(true)
		expect(() => {
			;(config as Configuration).company_id = '2'
		}).toThrow(TypeError)
		expect(config.company_id).toBe('1')
	})

	test('only the three required fields are needed; the rest and the theme default', () => {
		const config = ok(load({ endpointUrl: '/presenter', device_id: 'TPWEB01', company_id: '1' }))
		expect(config).toEqual({
			endpointUrl: '/presenter',
			device_id: 'TPWEB01',
			company_id: '1',
			abn: '',
			company_name: '',
			company_email: '',
			usa: false,
			theme: { primary: '#c2410c', masthead: '#1d3557', hyperlink: '#0b6e99' },
		})
	})

	test('values are trimmed and numbers become strings', () => {
		const config = ok(
			load({ ...device, endpointUrl: '  /presenter ', device_id: ' D1 ', company_id: 7 }),
		)
		expect(config.endpointUrl).toBe('/presenter')
		expect(config.device_id).toBe('D1')
		expect(config.company_id).toBe('7')
	})

	test.each([
		[true, true],
		['true', true],
		[false, false],
		['false', false],
		['yes', false],
	])('usa %j is %j', (usa, expected) => {
		expect(ok(load({ ...device, usa })).usa).toBe(expected)
	})

	test('the repository configuration file is valid', () => {
		const config = ok(loadConfiguration(path.resolve('config/configuration.json'), {}))
		expect(config.endpointUrl).toBe('/presenter')
	})

	describe('Configuration Unavailable', () => {
		test.each(['endpointUrl', 'device_id', 'company_id'] as const)('a missing %s', (key) => {
			expect(reason(load(without(key)))).toContain(key)
		})

		test.each(['endpointUrl', 'device_id', 'company_id'] as const)(
			'an empty or blank %s',
			(key) => {
				expect(reason(load({ ...device, [key]: '' }))).toContain(key)
				expect(reason(load({ ...device, [key]: '   ' }))).toContain(key)
			},
		)

		test.each(['endpointUrl', 'device_id', 'company_id'] as const)('a null %s', (key) => {
			expect(reason(load({ ...device, [key]: null }))).toContain(key)
		})

		test('a file that does not exist', () => {
			const missing = path.join(dir, 'nope.json')
			expect(reason(loadConfiguration(missing, {}))).toMatch(/^Cannot read nope\.json: .*ENOENT/)
		})

		test('a path that is a directory', () => {
			const folder = path.join(dir, 'folder.json')
			mkdirSync(folder)
			expect(reason(loadConfiguration(folder, {}))).toMatch(/^Cannot read folder\.json: /)
		})

		test.each([
			['invalid JSON', '{ "DeviceList": [ { "endpointUrl": "/presenter", } ] }'],
			['an empty file', ''],
			['a truncated file', '{"DeviceList":[{"endpointUrl":"/presenter"'],
		])('%s', (_name, text) => {
			const name = file(text)
			expect(reason(loadConfiguration(name, {}))).toMatch(
				new RegExp(`^Cannot read ${path.basename(name)}: `),
			)
		})

		test.each([
			['no DeviceList', { Devices: [device] }],
			['an empty DeviceList', { DeviceList: [] }],
			['a DeviceList that is not a list', { DeviceList: device }],
			['a DeviceList of strings', { DeviceList: ['TPWEB01'] }],
			['a DeviceList starting with null', { DeviceList: [null, device] }],
			['JSON null', null],
			['a JSON array', [device]],
			['a JSON string', 'just text'],
		])('%s', (_name, json) => {
			const result = loadConfiguration(file(JSON.stringify(json)), {})
			expect(result.ok).toBe(false)
			reason(result)
		})

		test('PRESENTER_URL does not make up for a missing device', () => {
			const result = loadConfiguration(file({ DeviceList: [] }), {
				PRESENTER_URL: 'http://presenter.test',
			})
			expect(result.ok).toBe(false)
		})

		test('an invalid theme colour', () => {
			const result = load({ ...device, theme: { ...device.theme, primary: 'red' } })
			expect(reason(result)).toContain('theme')
		})
	})

	describe('PRESENTER_URL', () => {
		test('overrides endpointUrl', () => {
			const config = ok(load(device, { PRESENTER_URL: 'http://127.0.0.1:9999/api' }))
			expect(config.endpointUrl).toBe('http://127.0.0.1:9999/api')
			expect(config.device_id).toBe('TPWEB01')
		})

		test('stands in for a missing endpointUrl', () => {
			const config = ok(load(without('endpointUrl'), { PRESENTER_URL: '/presenter' }))
			expect(config.endpointUrl).toBe('/presenter')
		})

		test('an empty PRESENTER_URL is no override', () => {
			expect(ok(load(device, { PRESENTER_URL: '' })).endpointUrl).toBe(device.endpointUrl)
		})

		test('other required fields are still required', () => {
			const result = load(without('company_id'), { PRESENTER_URL: 'http://presenter.test' })
			expect(reason(result)).toContain('company_id')
		})
	})
})

describe('presenterHost and isEmbeddedEndpoint', () => {
	const config = (endpointUrl: string) => ok(load({ ...device, endpointUrl }))

	test('a relative endpoint is the embedded sandbox, reached over loopback on PORT', () => {
		const embedded = config('/presenter')
		expect(isEmbeddedEndpoint(embedded)).toBe(true)
		expect(presenterHost(embedded, { PORT: '8123' })).toBe('http://127.0.0.1:8123/presenter')
	})

	test('PORT defaults to 3000', () => {
		expect(presenterHost(config('/presenter'), {})).toBe('http://127.0.0.1:3000/presenter')
	})

	test('a deeper relative path is kept as it is', () => {
		expect(presenterHost(config('/sandbox/presenter/api'), { PORT: '4000' })).toBe(
			'http://127.0.0.1:4000/sandbox/presenter/api',
		)
	})

	test.each([
		'https://presenter.example.com/api',
		'http://10.0.0.5:8080/presenter',
		'http://presenter.test',
	])('an absolute endpoint %s is kept exactly, whatever PORT is', (endpointUrl) => {
		const remote = config(endpointUrl)
		expect(isEmbeddedEndpoint(remote)).toBe(false)
		expect(presenterHost(remote, { PORT: '8123' })).toBe(endpointUrl)
		expect(presenterHost(remote, {})).toBe(endpointUrl)
	})

	test('PRESENTER_URL decides whether the endpoint is embedded', () => {
		expect(isEmbeddedEndpoint(ok(load(device, { PRESENTER_URL: '/presenter' })))).toBe(true)
		const remote = ok(load({ ...device, endpointUrl: '/presenter' }, { PRESENTER_URL: 'http://p' }))
		expect(isEmbeddedEndpoint(remote)).toBe(false)
	})
})

describe('edge cases of the configuration file', () => {
	test('null optional texts are empty, not the text "null"', () => {
		const name = file({
			DeviceList: [
				{
					endpointUrl: '/presenter',
					device_id: 'D1',
					company_id: 1,
					abn: null,
					company_name: null,
				},
			],
		})
		const result = loadConfiguration(name, {})
		expect(result.ok && result.config.abn).toBe('')
		expect(result.ok && result.config.company_name).toBe('')
	})
	test('a protocol-relative endpoint is another host, not the embedded sandbox', () => {
		const name = file({
			DeviceList: [
				{ endpointUrl: '//erp.example.com/presenter', device_id: 'D1', company_id: '1' },
			],
		})
		const result = loadConfiguration(name, {})
		expect(result.ok && isEmbeddedEndpoint(result.config)).toBe(false)
	})
})
