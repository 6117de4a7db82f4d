import { useEffect, useRef, useState } from 'react'

/** The home banner advances every 15 s. */
export const BANNER_INTERVAL_MS = 15_000

export type Banner = { src: string; alt: string; href: string }

/**
 * Banners in a CSS scroll-snap strip (scrollable without JS). JS adds autoplay every 15 s,
 * looping to the first, paused while the pointer or focus is inside, and a Pause button first in
 * the carousel that stops it until Play (moving content the customer can stop). No thumbnails.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
	const track = useRef<HTMLUListElement>(null)
	const paused = useRef(false)
	const [stopped, setStopped] = useState(false)
	useEffect(() => {
		const el = track.current
		if (!el || banners.length < 2 || stopped) return
		const timer = setInterval(() => {
			if (paused.current) return
			const width = el.clientWidth
			const next = Math.round(el.scrollLeft / width) + 1
			el.scrollTo({ left: next >= banners.length ? 0 : next * width, behavior: 'smooth' })
		}, BANNER_INTERVAL_MS)
		return () => clearInterval(timer)
	}, [banners.length, stopped])
	return (
		<section
			className="carousel"
			aria-roledescription="carousel"
			aria-label="Promotions"
			onPointerEnter={() => {
				paused.current = true
			}}
			onPointerLeave={() => {
				paused.current = false
			}}
			onFocus={() => {
				paused.current = true
			}}
			onBlur={() => {
				paused.current = false
			}}
		>
			{banners.length > 1 ? (
				<button
					type="button"
					className="carousel__pause js-only"
					onClick={() => setStopped(!stopped)}
				>
					{stopped ? 'Play' : 'Pause'}
				</button>
			) : null}
			<ul ref={track} className="carousel__track">
				{banners.map((banner, i) => {
					const image = (
						<img
							src={banner.src}
							alt={banner.alt}
							width={1200}
							height={400}
							loading={i === 0 ? 'eager' : 'lazy'}
						/>
					)
					return (
						<li
							key={banner.src}
							className="carousel__slide"
							aria-roledescription="slide"
							aria-label={`${i + 1} of ${banners.length}`}
						>
							{banner.href ? <a href={banner.href}>{image}</a> : image}
						</li>
					)
				})}
			</ul>
		</section>
	)
}
