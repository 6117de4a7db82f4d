import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { z } from 'zod'
import { requireCustomer } from '#app/.server/auth.ts'
import { requireCartId } from '#app/.server/cart.ts'
import { parseInputDate } from '#app/.server/checkout.ts'
import { redirectWithFlash } from '#app/.server/flash.ts'
import {
	EmailFormatSchema,
	type TransactionType,
} from '#app/.server/presenter/contract/transactions.ts'
import { isPresenterError } from '#app/.server/presenter/index.ts'
import { pageUrl } from '#app/.server/redirect.ts'
import { format } from 'date-fns'
import { DETAIL_INTENTS } from './intents.ts'

/** Spec part 2 §5: email fields are required ('Required') and valid ('Invalid email address'). */
const Email = z
	.string({ error: 'Required' })
	.trim()
	.min(1, 'Required')
	.pipe(z.email('Invalid email address'))
const Required = z.string({ error: 'Required' }).trim().min(1, 'Required')

/** The route path segment of each transaction type. */
export const TYPE_PATHS: Record<TransactionType, string> = {
	Order: 'orders',
	Quote: 'quotes',
	Invoice: 'invoices',
}

/** 'orders/604180-0' → its parts; anything else is not a transaction reference. */
export function parseRef(ref: string | undefined) {
	const match = /^(\d{1,9})-(\d{1,3})$/.exec(ref ?? '')
	if (!match) return null
	return { number: Number(match[1]), suffix: Number(match[2]) }
}

/** The transaction type a page is for, from its path: /orders/…, /quotes/… or /invoices/…. */
export function typeOfRequest(request: Request): TransactionType {
	const segment = pageUrl(request).pathname.split('/')[1]
	const type = (Object.keys(TYPE_PATHS) as TransactionType[]).find((t) => TYPE_PATHS[t] === segment)
	if (!type) throw data('Not Found', { status: 404 })
	return type
}

function schemaFor(type: TransactionType, locale: 'en-AU' | 'en-US') {
	return z
		.discriminatedUnion('intent', [
			z.object({
				intent: z.literal(DETAIL_INTENTS.email),
				emailAddress: Email,
				format: EmailFormatSchema.default('pdf'),
			}),
			z.object({
				intent: z.literal(DETAIL_INTENTS.comment),
				userComment: z.string().trim().max(2000, 'Use at most 2000 characters').default(''),
			}),
			z.object({
				intent: z.literal(DETAIL_INTENTS.requestChange),
				emailAddress: Email,
				message: Required.pipe(z.string().max(5000, 'Use at most 5000 characters')),
			}),
			z.object({
				intent: z.literal(DETAIL_INTENTS.accept),
				deliveryDate: Required.transform((text, ctx) => {
					const date = parseInputDate(text, locale)
					if (date) return format(date, 'yyyy-MM-dd')
					ctx.addIssue({
						code: 'custom',
						message: `Enter the date as ${locale === 'en-US' ? 'mm/dd/yyyy' : 'dd/mm/yyyy'}`,
					})
					return z.NEVER
				}),
				comment: Required,
			}),
			z.object({ intent: z.literal(DETAIL_INTENTS.copyToCart) }),
		])
		.superRefine((value, ctx) => {
			// Each action exists only where its button does (spec part 2 §2).
			const allowed =
				value.intent === DETAIL_INTENTS.comment
					? type === 'Invoice'
					: value.intent === DETAIL_INTENTS.requestChange
						? type !== 'Invoice'
						: value.intent === DETAIL_INTENTS.accept
							? type === 'Quote'
							: true
			if (!allowed)
				ctx.addIssue({
					code: 'custom',
					path: ['intent'],
					message: 'Not available for this transaction',
				})
		})
}

/** The detail page's actions: email, comment, request change, accept, copy to cart. */
export async function detailAction(request: Request, refParam: string | undefined) {
	const { presenter, session, settings } = await requireCustomer(request)
	const type = typeOfRequest(request)
	const ref = parseRef(refParam)
	if (!ref) throw data('Not Found', { status: 404 })
	const here = `/${TYPE_PATHS[type]}/${ref.number}-${ref.suffix}`
	const submission = parseWithZod(await request.formData(), {
		schema: schemaFor(type, settings.locale),
	})
	if (submission.status !== 'success') {
		if (submission.error?.intent) throw data('Unknown action', { status: 400 })
		return data({ result: submission.reply(), error: null as string | null }, { status: 400 })
	}
	const value = submission.value
	const fallback =
		value.intent === DETAIL_INTENTS.accept ? 'Unable to make request' : 'Something went wrong.'
	try {
		switch (value.intent) {
			case DETAIL_INTENTS.email:
				await presenter.transactions.email({ type, ...ref }, value.emailAddress, value.format)
				return redirectWithFlash(here, { type: 'success', message: `${type} sent successfully` })
			case DETAIL_INTENTS.comment:
				await presenter.transactions.saveComment(ref, value.userComment)
				return redirectWithFlash(here, { type: 'success', message: 'Comment saved successfully' })
			case DETAIL_INTENTS.requestChange: {
				const user = await presenter.users.getDetails()
				await presenter.transactions.requestChange(
					ref,
					{ userId: user.id_user, email: value.emailAddress },
					value.message,
				)
				return redirectWithFlash(here, { type: 'success', message: 'Email sent successfully' })
			}
			case DETAIL_INTENTS.accept: {
				const user = await presenter.users.getDetails()
				await presenter.transactions.acceptQuote(
					ref,
					user.id_user,
					value.deliveryDate,
					value.comment,
				)
				return redirectWithFlash(here, { type: 'success', message: 'Quote accepted' })
			}
			case DETAIL_INTENTS.copyToCart: {
				if (settings.shopping_cart_disabled) throw data('Not available', { status: 403 })
				const transaction = await presenter.transactions.get(ref.number, ref.suffix)
				if (!transaction) throw data('Not Found', { status: 404 })
				const cart = await requireCartId(presenter, session)
				// The presenter's reply also names lines it could not copy.
				const msg = await presenter.transactions.copyToCart(cart.cartSessionId, transaction)
				const response = await redirectWithFlash(here, {
					type: 'success',
					message: msg || `${type} copied to cart`,
				})
				if (cart.setCookie) response.headers.append('Set-Cookie', cart.setCookie)
				return response
			}
		}
	} catch (error) {
		if (!isPresenterError(error)) throw error
		const transport = error.kind === 'transport' || error.kind === 'invalid-reply'
		return data(
			{
				result: submission.reply(),
				error: transport ? fallback : (error.firstMessage ?? fallback),
			},
			{ status: transport ? 503 : 400 },
		)
	}
}
