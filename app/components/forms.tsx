import { useId } from 'react'

export type ListOfErrors = Array<string | null | undefined> | null | undefined

/** Field errors, announced and linked to their input via aria-describedby. */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
	const shown = errors?.filter(Boolean)
	if (!shown?.length) return null
	return (
		<ul id={id} className="error-list" role="alert">
			{shown.map((e) => (
				<li key={e}>{e}</li>
			))}
		</ul>
	)
}

/** A labelled input with its error messages next to it. */
export function Field({
	label,
	inputProps,
	errors,
}: {
	label: string
	inputProps: React.InputHTMLAttributes<HTMLInputElement> & { key?: string }
	errors?: ListOfErrors
}) {
	const fallbackId = useId()
	const { key, ...props } = inputProps
	const id = props.id ?? fallbackId
	const errorId = errors?.length ? `${id}-error` : undefined
	return (
		<div className="field">
			<label htmlFor={id}>{label}</label>
			<input
				key={key}
				id={id}
				aria-invalid={errorId ? true : undefined}
				aria-describedby={errorId}
				{...props}
			/>
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}
