import { describe, expect, it } from 'vitest';
import { indexTree, knownIds, toggleGrant } from './grant-tree';

describe('grant tree', () => {
  const nodes = [
    { id: 'area', title: 'Area', children: [{ id: 'page', title: 'Page', children: [{ id: 'add', title: 'Add' }, { id: 'edit', title: 'Edit' }] }] },
    { id: 'group', title: 'Group', disabled: true, children: [{ id: 's1', title: 'Scope' }] },
  ];
  const index = indexTree(nodes);
  it('ticking a button ticks its page and area', () => {
    expect(toggleGrant(index, [], 'add', true).sort()).toEqual(['add', 'area', 'page']);
  });
  it('ticking a page ticks its buttons; unticking them keeps the page', () => {
    const all = toggleGrant(index, [], 'page', true);
    expect(all.sort()).toEqual(['add', 'area', 'edit', 'page']);
    expect(toggleGrant(index, toggleGrant(index, all, 'add', false), 'edit', false).sort()).toEqual(['area', 'page']);
  });
  it('never returns group nodes or unknown ids', () => {
    expect(toggleGrant(index, [], 's1', true)).toEqual(['s1']);
    expect(knownIds(['s1', 'group', 'gone', 'page'], nodes)).toEqual(['s1', 'page']);
  });
});
