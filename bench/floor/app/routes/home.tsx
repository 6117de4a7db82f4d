import { Link } from 'react-router'

export const meta = () => [{ title: 'Floor' }]

export function loader() {
	return { greeting: 'Hello from the floor' }
}

export default function Home({ loaderData }: { loaderData: { greeting: string } }) {
	return (
		<main>
			<h1>{loaderData.greeting}</h1>
			<p>A bare React Router page: the baseline the portal&apos;s pages are measured against.</p>
			<Link to="/">Home</Link>
		</main>
	)
}
