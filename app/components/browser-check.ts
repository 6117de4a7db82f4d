import { type Submission } from '@conform-to/react'
import { useEffect, useState } from 'react'
import { type z } from 'zod'

type Check<Schema extends z.ZodType> = {
	onValidate?: (context: {
		formData: FormData
	}) => Submission<z.input<Schema>, string[], z.output<Schema>>
}

/**
 * A form's check in the browser (conform's `onValidate`) with the schema the action runs, loaded
 * once the page has hydrated: zod and conform's zod adapter (25 KB gz; zod's classic API is not
 * tree-shaken) stay out of the page's first load (decision 050). Until the check has loaded, and
 * without JavaScript, the action's check of the same schema answers, with the same messages.
 *
 * `load` gives the schema, or the schema for what the form holds (checkout's rules depend on the
 * despatch method chosen).
 */
export function useBrowserCheck<Schema extends z.ZodType>(
	load: () => Promise<Schema | ((formData: FormData) => Schema)>,
): Check<Schema> {
	const [check, setCheck] = useState<Check<Schema>>({})
	useEffect(() => {
		let live = true
		void Promise.all([load(), import('@conform-to/zod/v4')]).then(([loaded, { parseWithZod }]) => {
			const schemaFor = typeof loaded === 'function' ? loaded : () => loaded
			if (live)
				setCheck({
					onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaFor(formData) }),
				})
		})
		return () => {
			live = false
		}
		// Loaded once per form: what the loader closes over (checkout's rules) comes from the page's
		// data, which a new page (and a new form) brings.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [])
	return check
}
