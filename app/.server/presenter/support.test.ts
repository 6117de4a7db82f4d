import { expect, test } from 'vitest'
import {
	errorReply,
	PRESENTER_HOST,
	presenterFailure,
	presenterHandler,
	usePresenterServer,
} from '#tests/msw/presenter.ts'
import { ConfigurationSchema } from '../config/config.ts'
import { ReadCache } from './cache.ts'
import { createClient } from './client.ts'
import * as contract from './contract/support.ts'
import { supportApi } from './support.ts'

const { server, requests } = usePresenterServer()

/** A visitor's presenter: no session. */
function api() {
	const client = createClient({
		host: PRESENTER_HOST,
		scope: 'anonymous',
		timeoutMs: 1_000,
		cache: new ReadCache(),
	})
	const config = ConfigurationSchema.parse({
		endpointUrl: PRESENTER_HOST,
		device_id: 'dev-1',
		company_id: '1',
	})
	return supportApi({ client, config })
}

const request = {
	businessName: 'Bondi Decks & Pergolas',
	contactName: 'Mia Chen',
	emailAddress: 'mia@bondidecks.com.au',
	phone: '',
	message: '',
}

test('a trade account request is an anonymous function with the application and company', async () => {
	const sent: unknown[] = []
	server.use(
		presenterHandler(contract.requestTradeAccount, ({ payload, contextId }) => {
			sent.push({ payload, contextId })
			return { msg: 'Your request has been sent.' }
		}),
	)
	expect(await api().requestTradeAccount(request)).toBe('Your request has been sent.')
	expect(sent).toEqual([
		{ payload: { ...request, tpa: 'tportal', companyID: '1' }, contextId: null },
	])
	expect(new URL(requests[0]!.url).searchParams.get('ipApi')).toBe('anonymousFunction')
})

test('a refusal is a presenter error with its message, sent once', async () => {
	server.use(
		presenterHandler(contract.requestTradeAccount, () =>
			errorReply('Requests are closed', 'companyID'),
		),
	)
	const error = await presenterFailure(api().requestTradeAccount(request))
	expect(error.firstMessage).toBe('Requests are closed')
	expect(requests).toHaveLength(1)
})
