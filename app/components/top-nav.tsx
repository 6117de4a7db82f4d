import { useEffect, useRef, useState } from 'react'
import { Form, Link, NavLink, useLocation } from 'react-router'
import { type Nav } from '#app/.server/catalogue/nav.ts'
import { Dropdown } from './dropdown.tsx'
import { ProductMenu } from './product-menu.tsx'

type TopNavProps = {
	nav: Nav
	/** The subtotal as money (the server's), or null when hide_products_price hides it. */
	cart: { count: number; subtotal: string | null } | null
	company: { name: string }
	user: { firstName: string; lastName: string }
	/** Orders awaiting the administrator's approval; null for users who do not approve. */
	approvals: number | null
	/** Whether My Account lists Jobs: the user may add jobs. */
	jobs: boolean
}

/** The main sections, each shown when its flag is on (Quick Order goes with the cart). */
const SECTIONS = [
	['orders', '/orders', 'Orders'],
	['invoices', '/invoices', 'Invoices'],
	['statements', '/statements', 'Statements'],
	['customLists', '/custom-lists', 'Custom Lists'],
	['cart', '/quick-order', 'Quick Order'],
] as const satisfies ReadonlyArray<readonly [keyof Nav, string, string]>

/** The main sections' links; a section stays marked on the pages below it (Orders on an order). */
function MainLinks({ nav }: { nav: Nav }) {
	return SECTIONS.filter(([flag]) => nav[flag]).map(([, to, label]) => (
		<li key={to}>
			<NavLink to={to} prefetch="intent">
				{label}
			</NavLink>
		</li>
	))
}

function AccountLinks({
	nav,
	approvals,
	jobs,
	className,
}: {
	nav: Nav
	approvals: number | null
	jobs: boolean
	className?: string
}) {
	return (
		<>
			{approvals !== null ? (
				<li className={className}>
					<NavLink to="/approvals">
						Approvals
						{approvals ? (
							<>
								{' '}
								<span className="badge">{approvals}</span>
								<span className="visually-hidden"> awaiting approval</span>
							</>
						) : null}
					</NavLink>
				</li>
			) : null}
			{nav.accountAdmin ? (
				<li className={className}>
					<NavLink to="/admin">Account Admin</NavLink>
				</li>
			) : null}
			{jobs ? (
				<li className={className}>
					<NavLink to="/jobs">Jobs</NavLink>
				</li>
			) : null}
			{nav.downloads ? (
				<li className={className}>
					<NavLink to="/downloads">Downloads</NavLink>
				</li>
			) : null}
			{nav.priceBook ? (
				<li className={className}>
					<NavLink to="/pricebook">Price Book</NavLink>
				</li>
			) : null}
			{nav.payAccount ? (
				<li className={className}>
					<NavLink to="/pay-account">Pay Account</NavLink>
				</li>
			) : null}
			{nav.jobLinks.map((l) => (
				<li key={l.label} className={className}>
					<a href={l.href} target="_blank" rel="noopener noreferrer">
						{l.label}
					</a>
				</li>
			))}
		</>
	)
}

function SignOut() {
	return (
		<Form method="post" action="/logout" className="sign-out">
			<button type="submit" className="link-button">
				Sign Out
			</button>
		</Form>
	)
}

/** The search bar: a GET form to /search. With JS an empty term is refused in place. */
function SearchForm() {
	const [error, setError] = useState('')
	return (
		<Form
			method="get"
			action="/search"
			role="search"
			aria-label="Products"
			className="search-form"
			onSubmit={(event) => {
				const value = new FormData(event.currentTarget).get('value')
				if (typeof value === 'string' && value.trim()) return setError('')
				event.preventDefault()
				setError('Please enter search term(s)')
			}}
		>
			<label className="visually-hidden" htmlFor="site-search">
				Search products
			</label>
			<input
				id="site-search"
				type="search"
				name="value"
				placeholder="Search"
				aria-invalid={error ? true : undefined}
				aria-describedby={error ? 'site-search-error' : undefined}
			/>
			<button type="submit" className="button button--primary">
				Search
			</button>
			{error ? (
				<p id="site-search-error" className="field-error" role="alert">
					{error}
				</p>
			) : null}
		</Form>
	)
}

function CartLink({ cart }: Pick<TopNavProps, 'cart'>) {
	if (!cart) return null
	return (
		<NavLink to="/cart" className="cart-link" prefetch="intent">
			<svg
				aria-hidden="true"
				width="22"
				height="22"
				viewBox="0 0 24 24"
				fill="none"
				stroke="currentColor"
				strokeWidth="2"
			>
				<circle cx="9" cy="20" r="1.5" />
				<circle cx="18" cy="20" r="1.5" />
				<path d="M2 3h3l2.6 12.4a2 2 0 0 0 2 1.6h8.8a2 2 0 0 0 2-1.6L22 7H6" />
			</svg>
			<span className="visually-hidden">Cart:</span>
			<span className="cart-link__count">{cart.count}</span>
			<span className="visually-hidden">{cart.count === 1 ? 'line' : 'lines'}</span>
			{cart.subtotal !== null ? <span className="cart-link__subtotal">{cart.subtotal}</span> : null}
		</NavLink>
	)
}

/** Closes the phone drawer after navigating and on Escape (JS); without JS its label closes it. */
function useDrawerToggle() {
	const ref = useRef<HTMLInputElement>(null)
	const location = useLocation()
	useEffect(() => {
		if (ref.current) ref.current.checked = false
	}, [location.key])
	useEffect(() => {
		const onKey = (event: KeyboardEvent) => {
			if (event.key === 'Escape' && ref.current?.checked) ref.current.checked = false
		}
		document.addEventListener('keydown', onKey)
		return () => document.removeEventListener('keydown', onKey)
	}, [])
	return ref
}

/**
 * The masthead. One <nav> is the bar on large screens and the slide-in drawer on small ones (a
 * checkbox and its label open it, so it works without JS); the product menu inside it is rendered
 * once for both (docs/decisions/014-product-menu-island.md).
 */
export function TopNav(props: TopNavProps) {
	const { nav, cart, company, approvals, jobs } = props
	const drawer = useDrawerToggle()
	return (
		<header className="masthead">
			<div className="masthead__bar">
				<Link to="/" className="masthead__logo" prefetch="intent">
					<img src="/logo.svg" alt={`${company.name} home`} width="176" height="45" />
				</Link>
				<input ref={drawer} id="site-menu" type="checkbox" className="site-menu__toggle" />
				<label htmlFor="site-menu" className="visually-hidden">
					Menu
				</label>
				<nav aria-label="Main" className="main-nav">
					<ul className="main-nav__list">
						<li className="phone-only">
							<NavLink to="/" end>
								Home
							</NavLink>
						</li>
						{nav.products ? (
							<li>
								<Dropdown summary="Products" className="products-menu">
									<ProductMenu />
								</Dropdown>
							</li>
						) : null}
						<MainLinks nav={nav} />
						{cart ? (
							<li className="phone-only">
								<NavLink to="/cart">
									Cart ({cart.count}){cart.subtotal !== null ? ` ${cart.subtotal}` : ''}
								</NavLink>
							</li>
						) : null}
						{nav.myAccount ? (
							<AccountLinks nav={nav} approvals={approvals} jobs={jobs} className="phone-only" />
						) : null}
						<li className="phone-only">
							<SignOut />
						</li>
					</ul>
				</nav>
				<div className="masthead__tools">
					{nav.search ? (
						<Dropdown summary="Search" className="search-toggle">
							<SearchForm />
						</Dropdown>
					) : null}
					{nav.myAccount ? (
						<Dropdown summary="My Account" className="account-menu desk-only">
							<ul className="menu-list">
								<AccountLinks nav={nav} approvals={approvals} jobs={jobs} />
								<li>
									<SignOut />
								</li>
							</ul>
						</Dropdown>
					) : (
						<div className="desk-only">
							<SignOut />
						</div>
					)}
					<CartLink cart={cart} />
				</div>
			</div>
		</header>
	)
}
