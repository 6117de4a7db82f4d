import { useState } from 'react'
import { Form, Link, NavLink } from 'react-router'
import { type Nav } from '#app/.server/nav.ts'
import { type MenuCategory } from '#app/.server/presenter/catalogue.ts'
import { formatMoney, type Currency, type Locale } from '#app/utils/format.ts'
import { Dropdown } from './dropdown.tsx'

type TopNavProps = {
	nav: Nav
	menu: MenuCategory[]
	cart: { count: number; subtotal: number | null } | null
	format: { locale: Locale; currency: Currency }
	company: { name: string }
	user: { firstName: string; lastName: string }
}

const categoryPath = (c: string, t?: string, k?: string) =>
	['/products', c, t, k].filter(Boolean).join('/')

function MainLinks({ nav }: { nav: Nav }) {
	return (
		<>
			{nav.orders ? (
				<li>
					<NavLink to="/orders">Orders</NavLink>
				</li>
			) : null}
			{nav.invoices ? (
				<li>
					<NavLink to="/invoices">Invoices</NavLink>
				</li>
			) : null}
			{nav.statements ? (
				<li>
					<NavLink to="/statements">Statements</NavLink>
				</li>
			) : null}
			{nav.customLists ? (
				<li>
					<NavLink to="/custom-lists">Custom Lists</NavLink>
				</li>
			) : null}
		</>
	)
}

function AccountLinks({ nav }: { nav: Nav }) {
	return (
		<>
			{nav.accountAdmin ? (
				<li>
					<Link to="/admin">Account Admin</Link>
				</li>
			) : null}
			{nav.downloads ? (
				<li>
					<Link to="/downloads">Downloads</Link>
				</li>
			) : null}
			{nav.priceBook ? (
				<li>
					<Link to="/pricebook">Price Book</Link>
				</li>
			) : null}
			{nav.payAccount ? (
				<li>
					<Link to="/pay-account">Pay Account</Link>
				</li>
			) : null}
			{nav.jobLinks.map((l) => (
				<li key={l.label}>
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

function CartLink({ cart, format }: Pick<TopNavProps, 'cart' | 'format'>) {
	if (!cart) return null
	return (
		<Link to="/cart" className="cart-link">
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
			{cart.subtotal !== null ? (
				<span className="cart-link__subtotal">
					{formatMoney(cart.subtotal, format.locale, format.currency)}
				</span>
			) : null}
		</Link>
	)
}

/** Products: category → type → class, all three levels as links. */
function ProductsPanel({ menu }: { menu: MenuCategory[] }) {
	return (
		<ul className="mega">
			{menu.map((cat) => (
				<li key={cat.id}>
					<Link className="mega__category" to={categoryPath(cat.id)}>
						{cat.name}
					</Link>
					<ul>
						{cat.types.map((type) => (
							<li key={type.id}>
								<Link className="mega__type" to={categoryPath(cat.id, type.id)}>
									{type.name}
								</Link>
								<ul className="mega__classes">
									{type.classes.map((cls) => (
										<li key={cls.id}>
											<Link to={categoryPath(cat.id, type.id, cls.id)}>{cls.name}</Link>
										</li>
									))}
								</ul>
							</li>
						))}
					</ul>
				</li>
			))}
		</ul>
	)
}

/** Small screens: a slide-in drawer; nested <details> drill down, their summary is the way back. */
function MobileMenu({ nav, menu, cart, format }: TopNavProps) {
	return (
		<Dropdown
			className="mobile-menu"
			label="Menu"
			summary={<span className="hamburger" aria-hidden="true" />}
		>
			<nav aria-label="Mobile" className="drawer">
				<ul className="drawer__list">
					<li>
						<Link to="/">Home</Link>
					</li>
					{nav.products ? (
						<li>
							<details className="drill">
								<summary>Products</summary>
								<ul className="drill__panel">
									<li>
										<Link to="/products">All Products</Link>
									</li>
									{menu.map((cat) => (
										<li key={cat.id}>
											<details className="drill">
												<summary>{cat.name}</summary>
												<ul className="drill__panel">
													<li>
														<Link to={categoryPath(cat.id)}>All {cat.name}</Link>
													</li>
													{cat.types.map((type) => (
														<li key={type.id}>
															<details className="drill">
																<summary>{type.name}</summary>
																<ul className="drill__panel">
																	<li>
																		<Link to={categoryPath(cat.id, type.id)}>All {type.name}</Link>
																	</li>
																	{type.classes.map((cls) => (
																		<li key={cls.id}>
																			<Link to={categoryPath(cat.id, type.id, cls.id)}>
																				{cls.name}
																			</Link>
																		</li>
																	))}
																</ul>
															</details>
														</li>
													))}
												</ul>
											</details>
										</li>
									))}
								</ul>
							</details>
						</li>
					) : null}
					<MainLinks nav={nav} />
					{cart ? (
						<li>
							<Link to="/cart">
								Cart ({cart.count})
								{cart.subtotal !== null
									? ` ${formatMoney(cart.subtotal, format.locale, format.currency)}`
									: ''}
							</Link>
						</li>
					) : null}
					{nav.myAccount ? <AccountLinks nav={nav} /> : null}
					<li>
						<SignOut />
					</li>
				</ul>
			</nav>
		</Dropdown>
	)
}

export function TopNav(props: TopNavProps) {
	const { nav, menu, company } = props
	return (
		<header className="masthead">
			<div className="masthead__bar">
				<Link to="/" className="masthead__logo">
					<img src="/logo.svg" alt={`${company.name} home`} width="176" height="45" />
				</Link>
				<nav aria-label="Main" className="main-nav">
					<ul className="main-nav__list">
						{nav.products ? (
							<li>
								<Dropdown summary="Products" className="products-menu">
									<ProductsPanel menu={menu} />
								</Dropdown>
							</li>
						) : null}
						<MainLinks nav={nav} />
					</ul>
				</nav>
				<div className="masthead__tools">
					{nav.search ? (
						<Dropdown summary="Search" className="search-toggle">
							<SearchForm />
						</Dropdown>
					) : null}
					{nav.myAccount ? (
						<Dropdown summary="My Account" className="account-menu">
							<ul className="menu-list">
								<AccountLinks nav={nav} />
								<li>
									<SignOut />
								</li>
							</ul>
						</Dropdown>
					) : (
						<SignOut />
					)}
					<CartLink cart={props.cart} format={props.format} />
					<MobileMenu {...props} />
				</div>
			</div>
		</header>
	)
}
