import { useNavigation } from 'react-router'

/** A submit button that shows it is working while its form's navigation is in flight. */
export function StatusButton({
	children,
	className,
	...props
}: React.ButtonHTMLAttributes<HTMLButtonElement>) {
	const navigation = useNavigation()
	const pending = navigation.state === 'submitting'
	return (
		<button
			{...props}
			className={className}
			aria-busy={pending || undefined}
			data-pending={pending || undefined}
		>
			{children}
		</button>
	)
}
