import { describe, expect, test } from 'vitest'
import { getState } from '../presenter/contract/auth.ts'
import { buildRequest } from '../presenter/transport.ts'
import { type Configuration } from './config.ts'
import {
	EMBEDDED_SANDBOX_HEADER,
	embeddedSandboxSecret,
	presenterHeaders,
} from './embedded-sandbox.ts'

const config = (endpointUrl: string) => ({ endpointUrl }) as Configuration

describe("the embedded sandbox's secret", () => {
	test('is sent to the embedded sandbox only, never to a real presenter', () => {
		expect(presenterHeaders(config('/presenter'))).toEqual({
			[EMBEDDED_SANDBOX_HEADER]: embeddedSandboxSecret(),
		})
		expect(presenterHeaders(config('https://erp.example.com.au/presenter'))).toBeUndefined()
		expect(presenterHeaders(config('//erp.example.com.au/presenter'))).toBeUndefined()
	})

	test('is one per process, long and random', () => {
		expect(embeddedSandboxSecret()).toBe(embeddedSandboxSecret())
		expect(embeddedSandboxSecret()).toMatch(/^[\w-]{43}$/)
	})

	test('goes on every call the transport builds', () => {
		const request = buildRequest(
			getState,
			{},
			{
				host: 'http://127.0.0.1:3000/presenter',
				timeoutMs: 1000,
				headers: { 'X-Sandbox-Secret': 's' },
			},
		)
		expect(request.headers['X-Sandbox-Secret']).toBe('s')
	})
})
