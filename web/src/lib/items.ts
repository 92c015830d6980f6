/** Item names live with the game's vocabulary. */
export { itemName } from '@skald/game';
