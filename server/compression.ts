import zlib from 'node:zlib'
import { type CompressionOptions } from 'compression'

/**
 * How responses are compressed, by the portal and by the bench's floor alike: a notch below the
 * library's defaults (gzip 6, brotli 4), half the CPU for about 5 % more bytes
 * (docs/decisions/030-page-throughput.md).
 */
export const COMPRESSION = {
	level: 4,
	brotli: {
		params: {
			[zlib.constants.BROTLI_PARAM_QUALITY]: 3,
			// A 128 KB window rather than brotli's 4 MB: our largest pages are a few hundred KB and
			// compress as well, and every response's encoder no longer reserves megabytes of native
			// memory, whose release cost a full garbage collection about every 100 ms under load.
			[zlib.constants.BROTLI_PARAM_LGWIN]: 17,
		},
	},
} satisfies CompressionOptions
