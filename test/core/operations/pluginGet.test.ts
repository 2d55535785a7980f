/** A plugin called by GET, reviewed: whether it allows GET is said as read from its list, or as not known — never taken as allowed in silence. */
import { describe, expect, it } from 'vitest';
import type { PluginInfo } from '../../../src/api/index.js';
import { pluginCallSpec } from '../../../src/core/operations/plugin.js';

const review = (info: PluginInfo | undefined, query = '') => {
  const built = pluginCallSpec.build({ target: { pluginId: 'echo' }, info }, { plugin_id: 'echo', method: 'GET', query, route: '', params: '{}' }, new Set());
  if (!('request' in built)) throw new Error(JSON.stringify(built));
  return built.request.review ?? [];
};

describe('plugin call by GET: the review', () => {
  it('the plugin not in the list read (or the list not read): allow_get said not known', () => {
    expect(review(undefined).find((l) => l.label === 'allow_get')?.value).toMatch(/^not known: the plugin was not found in the server's list/);
  });
  it('listed and allowing GET: nothing more said of it; the query said only where there is one', () => {
    const lines = review({ id: 'echo', allow_get_invocation: true } as PluginInfo, 'a=1');
    expect(lines.find((l) => l.label === 'allow_get')).toBeUndefined();
    expect(lines.find((l) => l.label === 'GET')?.value).toBe('no body: the plugin sees {} as its params, and the query above');
    expect(review({ id: 'echo', allow_get_invocation: true } as PluginInfo).find((l) => l.label === 'GET')?.value).toBe('no body: the plugin sees {} as its params, and no query');
  });
});
