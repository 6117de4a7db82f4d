/**
 * The windriver hosted checkout, JS by nature. The script is loaded only when the
 * user proceeds; CSP 'strict-dynamic' lets our nonced bundle add it.
 * NOTE: the product names neither the script's address nor its API: both are assumptions to check
 * against the provider's documentation (docs/decisions/021-card-payments.md).
 */
const SCRIPT = 'https://checkout.windriver.com/v1/checkout.js'

type CheckoutOptions = {
	key: string
	mode: 'sale'
	currency: string
	items: Array<{ type: 'custom'; description: string }>
	collectShipping: boolean
	successUrl: string
	cancelUrl: string
}
declare global {
	interface Window {
		Windriver?: { Checkout: { open(options: CheckoutOptions): void } }
	}
}

let loading: Promise<void> | undefined
function loadScript() {
	loading ??= new Promise<void>((resolve, reject) => {
		const script = document.createElement('script')
		script.src = SCRIPT
		script.async = true
		script.onload = () => resolve()
		script.onerror = () => {
			loading = undefined
			reject(new Error('The card checkout could not be loaded. Please try again.'))
		}
		document.head.append(script)
	})
	return loading
}

/** Sends the user to windriver's checkout: a sale of one custom line described by the reference. */
export async function openWindriverCheckout(payment: {
	key: string
	reference: string
	currency: string
}) {
	await loadScript()
	if (!window.Windriver) throw new Error('The card checkout could not be loaded. Please try again.')
	window.Windriver.Checkout.open({
		key: payment.key,
		mode: 'sale',
		currency: payment.currency === 'AUD' ? 'AUD' : 'USD',
		items: [{ type: 'custom', description: payment.reference }],
		collectShipping: true,
		successUrl: `${location.origin}/payment-complete?transactionId={TRANSACTION_ID}`,
		cancelUrl: `${location.origin}/payment-cancelled`,
	})
}
