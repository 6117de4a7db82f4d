import { Form, Link } from 'react-router'
import { PRICEBOOK_INTENTS, PRICEBOOK_PATH, REQUEST_CHANGES_DIALOG } from './intents.ts'
import { type PriceBookData } from './pricebook.server.ts'
import { StatusButton, SubmissionKey } from '#app/components/forms.tsx'

/** The Current Configuration card: its settings, 'Request Config Changes' and 'Request New Price Book'. */
export function Configuration({ lines }: { lines: PriceBookData['configuration'] }) {
	return (
		<section className="admin__card pricebook__config" aria-labelledby="config-heading">
			<h2 id="config-heading">Current Configuration</h2>
			<dl className="details">
				{lines.map(([label, value]) => (
					<div key={label}>
						<dt>{label}</dt>
						<dd>{value}</dd>
					</div>
				))}
			</dl>
			<div className="account-area__actions">
				<Link
					className="button"
					to={`${PRICEBOOK_PATH}?dialog=${REQUEST_CHANGES_DIALOG}`}
					preventScrollReset
				>
					Request Config Changes
				</Link>
				<Form method="post" action={PRICEBOOK_PATH} className="inline-form">
					<SubmissionKey />
					<StatusButton
						className="button button--primary"
						name="intent"
						value={PRICEBOOK_INTENTS.requestNew}
					>
						Request New Price Book
					</StatusButton>
				</Form>
			</div>
		</section>
	)
}
