import {
	getInputProps,
	getSelectProps,
	getTextareaProps,
	type FieldMetadata,
} from '@conform-to/react'
import { ErrorList } from './forms.tsx'
import { dateInputFormat, type Locale } from '#app/utils/format.ts'

/**
 * The forms kit's labelled fields, by kind (docs/decisions/012-actions-and-forms.md): each wired to
 * conform, with `aria-invalid`, `aria-describedby` and its errors beside it.
 */

// conform's metadata is generic over the form's shape; any field of any form fits these components.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, string[]>
type InputAttributes = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'id'>

/**
 * What marks a field the form cannot be sent without (docs/decisions/043-trust-in-account-forms.md):
 * `required` on a field sets `aria-required` and draws the label's marker, and `RequiredLegend`
 * says what the marker means. Not the `required` attribute: where a form lacks `noValidate` the
 * browser's own popup would replace the server's message beside the field.
 */
export type Requirable = {
	/** The form cannot be sent without it: marked on the label and announced. */
	required?: boolean
}

/** The line that says what the required marker means; one per form that has required fields. */
export function RequiredLegend() {
	return (
		<p className="required-legend">
			Fields marked <span className="required-legend__mark">*</span> are required
		</p>
	)
}

function FieldShell({
	meta,
	label,
	hint,
	required,
	children,
	className = 'field',
}: Requirable & {
	meta: Meta
	label: React.ReactNode
	hint?: React.ReactNode
	children: React.ReactNode
	className?: string
}) {
	return (
		<div className={className}>
			<label htmlFor={meta.id} data-required={required || undefined}>
				{label}
			</label>
			{children}
			{hint ? (
				<p id={`${meta.id}-hint`} className="field__hint">
					{hint}
				</p>
			) : null}
			<ErrorList id={meta.errorId} errors={meta.errors} />
		</div>
	)
}

/** A labelled text-like input (text, email, tel, password, number, search). */
export function TextField({
	meta,
	label,
	type = 'text',
	hint,
	required,
	...attributes
}: InputAttributes &
	Requirable & {
		meta: Meta
		label: React.ReactNode
		type?: 'text' | 'email' | 'tel' | 'password' | 'number' | 'search'
		hint?: React.ReactNode
	}) {
	const { key, ...props } = getInputProps(meta, {
		type,
		ariaDescribedBy: hint ? `${meta.id}-hint` : undefined,
	})
	return (
		<FieldShell meta={meta} label={label} hint={hint} required={required}>
			<input
				// A password is never sent back in a reply: a reply that refused another field must not
				// empty what was typed (conform's key would), so it keeps its input.
				key={type === 'password' ? undefined : key}
				{...props}
				aria-required={required || undefined}
				{...attributes}
			/>
		</FieldShell>
	)
}

/**
 * A date picker where the browser has one (its value is yyyy-mm-dd); where it has not, a text box
 * whose placeholder shows the locale's format, which the server accepts too.
 */
export function DateField({
	meta,
	label,
	hint,
	locale,
	required,
	...attributes
}: InputAttributes &
	Requirable & {
		meta: Meta
		label: React.ReactNode
		hint?: React.ReactNode
		locale: Locale
	}) {
	const { key, ...props } = getInputProps(meta, {
		type: 'date',
		ariaDescribedBy: hint ? `${meta.id}-hint` : undefined,
	})
	return (
		<FieldShell meta={meta} label={label} hint={hint} required={required}>
			<input
				key={key}
				{...props}
				placeholder={dateInputFormat(locale).toLowerCase()}
				aria-required={required || undefined}
				{...attributes}
			/>
		</FieldShell>
	)
}

export function TextareaField({
	meta,
	label,
	rows = 4,
	hint,
	required,
	...attributes
}: Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id' | 'required'> &
	Requirable & {
		meta: Meta
		label: React.ReactNode
		hint?: React.ReactNode
	}) {
	const { key, ...props } = getTextareaProps(meta, {
		ariaDescribedBy: hint ? `${meta.id}-hint` : undefined,
	})
	return (
		<FieldShell meta={meta} label={label} hint={hint} required={required}>
			<textarea
				key={key}
				{...props}
				rows={rows}
				aria-required={required || undefined}
				{...attributes}
			/>
		</FieldShell>
	)
}

export type Option = { value: string | number; label: string }

export function SelectField({
	meta,
	label,
	options,
	placeholder,
	hint,
	required,
	...attributes
}: Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id' | 'required'> &
	Requirable & {
		meta: Meta
		label: React.ReactNode
		options: Option[]
		/** The empty first choice ('Select a branch'); none when every value is a real choice. */
		placeholder?: string
		hint?: React.ReactNode
	}) {
	const { key, ...props } = getSelectProps(meta, {
		ariaDescribedBy: hint ? `${meta.id}-hint` : undefined,
	})
	return (
		<FieldShell meta={meta} label={label} hint={hint} required={required}>
			<select key={key} {...props} aria-required={required || undefined} {...attributes}>
				{placeholder !== undefined ? <option value="">{placeholder}</option> : null}
				{options.map((o) => (
					<option key={o.value} value={o.value}>
						{o.label}
					</option>
				))}
			</select>
		</FieldShell>
	)
}

export function CheckboxField({
	meta,
	label,
	...attributes
}: InputAttributes & { meta: Meta; label: React.ReactNode }) {
	const { key, ...props } = getInputProps(meta, { type: 'checkbox' })
	return (
		<div className="field field--checkbox">
			<label className="checkbox">
				<input key={key} {...props} {...attributes} />
				{label}
			</label>
			<ErrorList id={meta.errorId} errors={meta.errors} />
		</div>
	)
}
