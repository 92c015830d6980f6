import { isId } from '@skald/game';
import { notFound } from '@tanstack/react-router';
import { isNotFound } from '../api/client.ts';

/** Runs a loader fetch; an unknown id (gateway 404/400) becomes the not-found page with status 404. */
export async function orNotFound<T>(id: string, load: () => Promise<T>): Promise<T> {
  // ids are decimal uint64s: anything else cannot exist
  if (!isId(id)) throw notFound();
  try {
    return await load();
  } catch (error) {
    if (isNotFound(error)) throw notFound();
    throw error;
  }
}
