/**
 * Status effects abilities apply (product spec section 4). Ability descriptions refer to these names, and the
 * battle view can show the same sentence as a tooltip.
 */
export const STATUS_EFFECTS = {
  snared: { name: 'Snared', description: 'Cannot move for 1 turn.' },
  exhausted: { name: 'Exhausted', description: 'Cannot act for 1 turn.' },
  asleep: { name: 'Asleep', description: 'Falls asleep for 1 turn, after a delay of 1 turn.' },
  poisoned: {
    name: 'Poisoned',
    description: 'Takes damage for 3 turns; staying in the cloud doubles the damage and resets the count.',
  },
  cursed: { name: 'Cursed', description: 'Marked by a curse.' },
  pressured: { name: 'Pressured', description: 'The pick phase is cut to 20 seconds.' },
  invulnerable: { name: 'Invulnerable', description: 'Takes no damage.' },
  invisible: { name: 'Invisible', description: 'Cannot be seen by foes while inside Sanctuary.' },
} as const;

export type StatusEffect = keyof typeof STATUS_EFFECTS;
