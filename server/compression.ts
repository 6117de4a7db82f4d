import zlib from 'node:zlib'
import { type CompressionOptions } from 'compression'

/**
 * How responses are compressed, by the portal and by the bench's floor alike: a notch below the
 * library's defaults (gzip 6, brotli 4), half the CPU for about 5 % more bytes
 * (docs/decisions/030-page-throughput.md).
 */
export const COMPRESSION = {
	level: 4,
	brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } },
} satisfies CompressionOptions
