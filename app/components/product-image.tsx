import { useEffect, useRef, useState } from 'react'

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg'

type ImageState = 'pending' | 'loading' | 'success' | 'error'

/**
 * An image that falls back to the placeholder when it fails to load (spec states pending,
 * loading, success, error). Failures before hydration are caught on mount.
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
			src={state === 'error' || !src ? PLACEHOLDER_IMAGE : src}
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
