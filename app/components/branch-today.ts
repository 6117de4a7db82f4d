import { useRouteLoaderData } from 'react-router'

/**
 * Today at the branches (yyyy-mm-dd), as the portal layout's loader worked it out: the first day a
 * date field for a delivery takes (its `min`, and the browser's check).
 */
export function useBranchToday() {
	const portal = useRouteLoaderData('routes/portal/layout') as { today: string } | undefined
	return portal?.today
}
