import { Form, Link } from 'react-router'
import { type Route } from './+types/stores'
import { startCustomer } from '#app/.server/request/context.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ErrorList } from '#app/components/forms.tsx'
import { Modal } from '#app/components/modal.tsx'
import { distanceKm, formatKm } from '#app/utils/geo.ts'
import { withParams } from '#app/utils/url.ts'

const MAP_ZOOM = 16
/** Longer than any suburb name with its state and postcode. */
const NEAR_MAX = 100
const PLACE_NOT_FOUND = 'We could not find that suburb or postcode'

/**
 * The store listing. 'Nearest to' (?near=, a suburb or a postcode) places
 * the text with the presenter's geocoder, the one checkout uses, and lists the stores nearest
 * first with how far each is. 'View Map' is URL state (?map={branchID}): a dialog with the
 * address, the embedded map centred on the branch at zoom 16 when a map key is set, and always
 * plain map links (the only map without a key: no third-party script).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const { presenter, ...customer } = startCustomer(context)
	const url = pageUrl(request)
	const near = (url.searchParams.get('near') ?? '').trim().slice(0, NEAR_MAX)
	const [stores, point, settings] = await Promise.all([
		presenter.support.listStores(),
		near ? presenter.checkout.geocode(['', near, '']) : null,
		customer.settings,
	]).catch(toRouteError)
	const listed = stores
		.map((s) => ({
			...s,
			tel: s.phone.replace(/[^\d+]/g, ''),
			km: point ? distanceKm(point, s) : null,
		}))
		.sort((a, b) => (a.km ?? 0) - (b.km ?? 0))
		.map(({ km, ...s }) => ({ ...s, distance: km === null ? null : `${formatKm(km)} away` }))
	const mapId = Number(url.searchParams.get('map'))
	const mapped = listed.find((s) => s.branchID === mapId)
	const key = settings.GMAPS_API_KEY.trim()
	const at = mapped && `${mapped.latitude},${mapped.longitude}`
	return {
		near,
		nearError: near && !point ? PLACE_NOT_FOUND : null,
		stores: listed,
		/** This listing's URL without a map open: where View Map's Close goes back to. */
		here: near ? withParams('/stores', { near }) : '/stores',
		map: mapped && {
			store: mapped,
			google: `https://www.google.com/maps/search/?api=1&query=${at}`,
			osm: `https://www.openstreetmap.org/?mlat=${mapped.latitude}&mlon=${mapped.longitude}#map=${MAP_ZOOM}/${mapped.latitude}/${mapped.longitude}`,
			embed: key
				? `https://www.google.com/maps/embed/v1/place?${new URLSearchParams({
						key,
						q: at!,
						zoom: String(MAP_ZOOM),
					})}`
				: null,
		},
	}
}

type Store = Route.ComponentProps['loaderData']['stores'][number]

function Address({ store }: { store: Store }) {
	return (
		<address>
			{[store.address1, store.address2, store.address3].filter(Boolean).map((line) => (
				<span key={line} className="store-cards__line">
					{line}
				</span>
			))}
		</address>
	)
}

export default function StoresRoute({ loaderData }: Route.ComponentProps) {
	const { near, nearError, stores, here, map } = loaderData
	return (
		<div>
			<h1>Our Stores</h1>
			{map ? (
				<Modal title={map.store.branchName} closeTo={here} className="modal--wide">
					<div className="store-map__place">
						<Address store={map.store} />
						{map.store.distance ? <p>{map.store.distance}</p> : null}
					</div>
					{map.embed ? (
						<iframe
							className="store-map"
							title={`Map of ${map.store.branchName}`}
							src={map.embed}
							width="600"
							height="400"
							loading="lazy"
							referrerPolicy="no-referrer-when-downgrade"
						/>
					) : null}
					<ul className="store-map__links">
						<li>
							<a href={map.osm} target="_blank" rel="noopener noreferrer">
								Open in OpenStreetMap<span className="visually-hidden"> (opens a new tab)</span>
							</a>
						</li>
						<li>
							<a href={map.google} target="_blank" rel="noopener noreferrer">
								Open in Google Maps<span className="visually-hidden"> (opens a new tab)</span>
							</a>
						</li>
					</ul>
				</Modal>
			) : null}
			<Form method="get" className="stores-near" preventScrollReset>
				<div className="field">
					<label htmlFor="stores-near">Nearest to</label>
					<div className="stores-near__row">
						<input
							// A new search puts what it was for back in the field.
							key={near}
							id="stores-near"
							type="text"
							name="near"
							defaultValue={near}
							placeholder="Suburb or postcode"
							maxLength={NEAR_MAX}
							aria-invalid={nearError ? true : undefined}
							aria-describedby={nearError ? 'stores-near-error' : undefined}
						/>
						<button type="submit" className="button">
							Sort by distance
						</button>
					</div>
					<ErrorList id="stores-near-error" errors={[nearError]} />
				</div>
			</Form>
			<ul className="cards store-cards" aria-label="Stores">
				{stores.map((store) => (
					<li key={store.branchID} className="card">
						<h2 className="card__title">{store.branchName}</h2>
						<Address store={store} />
						{store.distance ? <p className="store-cards__distance">{store.distance}</p> : null}
						{store.phone ? (
							<p>
								<a href={`tel:${store.tel}`}>{store.phone}</a>
							</p>
						) : null}
						<Link
							className="button"
							to={withParams(here, { map: store.branchID })}
							preventScrollReset
						>
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
