import { Form } from 'react-router'
import { StatusButton } from '#app/components/forms.tsx'

/**
 * One button of a row on the Orders page (an approval request, an order kept while the system
 * was down): a form posting the row's id and the intent to `action`, its button busy only for
 * its own row.
 */
export function RowAction({
	action,
	id,
	intent,
	label,
	children,
}: {
	action: string
	id: string
	intent: string
	label: string
	children?: React.ReactNode
}) {
	return (
		<Form method="post" action={action} className="approval__action">
			{children}
			<input type="hidden" name="id" value={id} />
			<StatusButton name="intent" value={intent} match={{ id }}>
				{label}
			</StatusButton>
		</Form>
	)
}
