/**
 * Sets `key` in a Map used as a small in-process cache of at most `max` entries: the key goes to the newest place, and
 * the oldest entries go first when the map is full (a Map iterates in insertion order).
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  while (map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
