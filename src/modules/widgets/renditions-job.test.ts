import { existsSync, readdirSync } from 'node:fs';
import { UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../deps.ts';
import type { WidgetRenditions } from './model.ts';
import { testImage } from '../../../test/admin.ts';
import { insertWidget } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { renderWidgetRenditions } from './renditions-job.ts';
import { localFilePath } from '../../storage/local.ts';

let deps: Deps;
let context: TestContext;

beforeAll(async () => {
  context = await createTestContext({ redis: false });
  deps = context.deps;
});
afterAll(async () => {
  await context?.close();
});

/** Stores `body` as a widget's original and inserts an IMAGE widget pointing at it (no job queued). */
async function imageWidget(body: Buffer, name: string) {
  const image_path = `widgets/${name}.png`;
  await deps.storage.put(image_path, body);
  return insertWidget(deps.db, { name, type: 'IMAGE', html: null, image_path, image_width: 1, image_height: 1 });
}
const renditionsOf = async (id: number) =>
  ((await deps.db('widgets').where({ id }).first('renditions')) as { renditions: WidgetRenditions | null }).renditions;
/** The rendition folders of a widget on disk (`{id}-{8 hex}`). */
const foldersOf = (id: number) => {
  const dir = localFilePath(deps.storage, 'widgets');
  return existsSync(dir) ? readdirSync(dir).filter((f) => new RegExp(`^${id}-[0-9a-f]{8}$`).test(f)) : [];
};

describe('renderWidgetRenditions', () => {
  it('records the renditions with their source and the rendered size, and does nothing the second time', async () => {
    const widget = await imageWidget(await testImage(640, 400, 'png'), 'JobMap');
    await renderWidgetRenditions(deps, widget.id);
    const renditions = await renditionsOf(widget.id);
    const updated = (await deps.db('widgets').where({ id: widget.id }).first('updated_at')).updated_at as Date;
    expect(updated.getTime()).toBeGreaterThan(new Date(widget.updated_at).getTime()); // the public body changed
    expect(renditions).toMatchObject({
      source: widget.image_path,
      widths: [
        { width: 480, height: 300 },
        { width: 640, height: 400 },
      ],
    });
    expect(await deps.db('widgets').where({ id: widget.id }).first('image_width', 'image_height')).toEqual({
      image_width: 640,
      image_height: 400,
    });
    const folders = foldersOf(widget.id);
    expect(folders).toHaveLength(1);

    await renderWidgetRenditions(deps, widget.id);
    expect(await renditionsOf(widget.id)).toEqual(renditions);
    expect((await deps.db('widgets').where({ id: widget.id }).first('updated_at')).updated_at).toEqual(updated);
    expect(foldersOf(widget.id)).toEqual(folders);
  });

  it('ignores a widget that is gone, TEXT, or without a picture', async () => {
    const text = await insertWidget(deps.db, { name: 'JobText' });
    await expect(renderWidgetRenditions(deps, text.id)).resolves.toBeUndefined();
    await expect(renderWidgetRenditions(deps, 999_999)).resolves.toBeUndefined();
    expect(await renditionsOf(text.id)).toBeNull();
  });

  it('discards its files when the picture is replaced during the build', async () => {
    const widget = await imageWidget(await testImage(500, 300, 'png'), 'JobRace');
    // The admin uploads a new picture while the first is being encoded.
    let replaced = false;
    const racing: Deps['storage'] = {
      ...deps.storage,
      async put(key, body) {
        if (!replaced) {
          replaced = true;
          await deps.db('widgets').where({ id: widget.id }).update({ image_path: 'widgets/JobRace-new.png' });
        }
        return deps.storage.put(key, body);
      },
    };
    await renderWidgetRenditions({ ...deps, storage: racing }, widget.id);
    expect(replaced).toBe(true);
    expect(await renditionsOf(widget.id)).toBeNull();
    expect(foldersOf(widget.id)).toEqual([]);
  });

  it('refuses an unreadable picture without retries and leaves no files', async () => {
    const widget = await imageWidget(Buffer.from('not a picture at all'), 'JobBroken');
    await expect(renderWidgetRenditions(deps, widget.id)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(await renditionsOf(widget.id)).toBeNull();
    expect(foldersOf(widget.id)).toEqual([]);
  });
});
