import { useEffect, useRef, useState } from 'react'

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg'

/**
 * The address a page uses for a presenter picture: the portal's /media route, which answers the
 * placeholder when the presenter has none (docs/decisions/027-missing-product-images.md).
 */
export function mediaHref(src: string) {
	return `/media?${new URLSearchParams({ src })}`
}

type ImageState = 'pending' | 'loading' | 'success' | 'error'

/**
 * An image that falls back to the placeholder when it fails to load (states pending,
 * loading, success, error). Without JS the /media route already answers a missing picture with
 * the placeholder; with JS other failures are caught too, before hydration on mount.
 */
export function ProductImage({
	src,
	alt,
	width,
	height,
	className,
	eager = false,
}: {
	src: string | null | undefined
	alt: string
	width: number
	height: number
	className?: string
	eager?: boolean
}) {
	const ref = useRef<HTMLImageElement>(null)
	const [state, setState] = useState<ImageState>(src ? 'loading' : 'error')
	useEffect(() => {
		const img = ref.current
		if (!img || !img.complete) return
		setState(img.naturalWidth > 0 ? 'success' : 'error')
	}, [])
	return (
		<img
			ref={ref}
			className={className}
			src={state === 'error' || !src ? PLACEHOLDER_IMAGE : mediaHref(src)}
			alt={alt}
			width={width}
			height={height}
			loading={eager ? 'eager' : 'lazy'}
			decoding="async"
			data-state={state}
			onLoad={() => setState((s) => (s === 'error' ? s : 'success'))}
			onError={() => setState('error')}
		/>
	)
}
