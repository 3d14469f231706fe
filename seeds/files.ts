import type { Storage } from '../src/storage/types.ts';
import { GALLERIES } from './data/galleries.ts';
import { contentTag, renderBanner, renderFindMap, type SceneName } from './images.ts';

/**
 * Draws and stores the demo pictures that are still needed, before the seed's transaction opens
 * (rendering takes a few seconds; the transaction should not). Keys carry a content hash: media is
 * served as immutable, and the same picture always lands on the same key, so a repeated or
 * concurrent seed overwrites a file with identical bytes instead of leaving a stray copy.
 */

/** Pictures rendered at once: the servers have two cores. */
const PARALLEL = 2;

export interface StoredPicture {
  key: string;
  width: number;
  height: number;
}

/** Renders and stores the FindImage map; returns where it went and its size. */
export async function storeFindMap(storage: Storage): Promise<StoredPicture> {
  const map = await renderFindMap();
  const key = `widgets/find-map-${contentTag(map.data)}.${map.extension}`;
  await storage.put(key, map.data);
  return { key, width: map.width, height: map.height };
}

/** Renders and stores the banner originals of the given galleries; returns each slide's key by scene. */
export async function storeBannerOriginals(storage: Storage, galleryIds: readonly number[]): Promise<Map<SceneName, string>> {
  const wanted = GALLERIES.filter((g) => galleryIds.includes(g.id)).flatMap((g) =>
    g.slides.map((s) => ({ galleryId: g.id, scene: s.scene })),
  );
  const keys = new Map<SceneName, string>();
  let next = 0;
  const lane = async () => {
    while (next < wanted.length) {
      const { galleryId, scene } = wanted[next++]!;
      const data = await renderBanner(scene);
      const key = `galleries/${galleryId}/originals/${scene}-${contentTag(data)}.jpg`;
      await storage.put(key, data);
      keys.set(scene, key);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, lane));
  return keys;
}
