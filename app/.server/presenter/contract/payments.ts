import { z } from 'zod'
import { datasetReply, defineOperation, Money, TTL } from './define.ts'

/**
 * The customer's account aged into Current, 30, 60, 90 and 120+ days (as Pay Account
 * shows it; the operation's name and shape are ours). totalBalance is their sum; overdueBalance
 * what is past its terms.
 */
export const AgedBalancesSchema = z.object({
	customerID: z.number().int(),
	currentBalance: Money,
	day30Balance: Money,
	day60Balance: Money,
	day90Balance: Money,
	day120Balance: Money,
	totalBalance: Money,
	overdueBalance: Money,
})
export type AgedBalances = z.infer<typeof AgedBalancesSchema>

export const getAgedBalances = defineOperation({
	fn: 'getAgedBalances',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({ companyID: z.string(), customerID: z.number().int() }),
	reply: datasetReply({ AgedBalances: z.array(AgedBalancesSchema).min(1) }),
	// A payment changes the balances and the user details together: one tag.
	cache: { ttlMs: TTL.home, tags: ['user'] },
})

/** Amounts are dollars with at most 2 decimals, above 0 and below a million. */
export const PaymentAmountSchema = z.number().positive().max(999_999.99).multipleOf(0.01)

/**
 * Starts a card payment with the provider (windcave): the provider's page is at redirectUrl, and
 * it sends the browser back to one of the callbacks with ?sessionId={id}.
 */
export const createPaymentSession = defineOperation({
	fn: 'createPaymentSession',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({
		approvedUrl: z.url(),
		cancelledUrl: z.url(),
		declinedUrl: z.url(),
		idCust: z.number().int(),
		paymentAmount: PaymentAmountSchema,
		paymentReference: z.string().trim().min(1).max(64),
	}),
	reply: z.object({ sessionID: z.string().min(1), redirectUrl: z.string().min(1) }),
	invalidates: [],
})

export const PaymentStatusSchema = z.enum(['pending', 'approved', 'declined', 'cancelled'])
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>

export const PaymentSessionSchema = z.object({
	sessionID: z.string(),
	idCust: z.number().int(),
	status: PaymentStatusSchema,
	paymentAmount: Money,
	paymentReference: z.string(),
})
export type PaymentSession = z.infer<typeof PaymentSessionSchema>

/**
 * What became of a payment session. NOTE: it is sent as a mutation (never cached, never retried)
 * because its answer is how the portal learns the account changed: it makes balances stale.
 */
export const queryPaymentSession = defineOperation({
	fn: 'queryPaymentSession',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({ sessionID: z.string().min(1).max(100) }),
	reply: datasetReply({ PaymentSession: z.array(PaymentSessionSchema).min(1) }),
	invalidates: ['user'],
})
