import { Link } from 'react-router'
import { type Route } from './+types/stores'
import { getCustomer } from '#app/.server/context.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { pageUrl } from '#app/.server/redirect.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Modal } from '#app/components/modal.tsx'

const MAP_ZOOM = 16

/**
 * The store listing (spec part 2 §2 Stores). 'View Map' is URL state (?map={branchID}): a dialog
 * with the embedded map centred on the branch at zoom 16 when a map key is set, and always a plain
 * map link (the only map without a key).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const { presenter, settings } = getCustomer(context)
	const stores = await presenter.support.listStores().catch(toRouteError)
	const mapId = Number(pageUrl(request).searchParams.get('map'))
	const mapped = stores.find((s) => s.branchID === mapId)
	const key = settings.GMAPS_API_KEY.trim()
	return {
		stores: stores.map((s) => ({
			...s,
			tel: s.phone.replace(/[^\d+]/g, ''),
		})),
		map: mapped && {
			name: mapped.branchName,
			link: `https://www.google.com/maps/search/?api=1&query=${mapped.latitude},${mapped.longitude}`,
			embed: key
				? `https://www.google.com/maps/embed/v1/place?${new URLSearchParams({
						key,
						q: `${mapped.latitude},${mapped.longitude}`,
						zoom: String(MAP_ZOOM),
					})}`
				: null,
		},
	}
}

export default function StoresRoute({ loaderData }: Route.ComponentProps) {
	const { stores, map } = loaderData
	return (
		<div>
			<h1>Our Stores</h1>
			{map ? (
				<Modal title={map.name} closeTo="/stores" className="modal--wide">
					{map.embed ? (
						<iframe
							className="store-map"
							title={`Map of ${map.name}`}
							src={map.embed}
							width="600"
							height="400"
							loading="lazy"
							referrerPolicy="no-referrer-when-downgrade"
						/>
					) : null}
					<p>
						<a href={map.link} target="_blank" rel="noopener noreferrer">
							Open in Google Maps<span className="visually-hidden"> (opens a new tab)</span>
						</a>
					</p>
				</Modal>
			) : null}
			<ul className="cards store-cards">
				{stores.map((store) => (
					<li key={store.branchID} className="card">
						<h2 className="card__title">{store.branchName}</h2>
						<address>
							{[store.address1, store.address2, store.address3].filter(Boolean).map((line) => (
								<span key={line} className="store-cards__line">
									{line}
								</span>
							))}
						</address>
						{store.phone ? (
							<p>
								<a href={`tel:${store.tel}`}>{store.phone}</a>
							</p>
						) : null}
						<Link className="button" to={`/stores?map=${store.branchID}`} preventScrollReset>
							View Map<span className="visually-hidden"> of {store.branchName}</span>
						</Link>
					</li>
				))}
			</ul>
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Our Stores | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
