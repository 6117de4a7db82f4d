/**
 * `derive`, worked out once per object: a cached presenter reply (kept for its TTL, so what is
 * derived from it lives as long), a list's spec. Later calls with the same object get the same
 * value, which callers treat as read-only (docs/decisions/030-page-throughput.md).
 */
export function oncePer<K extends object, V>(derive: (key: K) => V): (key: K) => V {
	const values = new WeakMap<K, V>()
	return (key) => {
		if (!values.has(key)) values.set(key, derive(key))
		return values.get(key) as V
	}
}
