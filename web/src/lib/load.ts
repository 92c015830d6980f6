import { notFound } from '@tanstack/react-router';
import { isNotFound } from '../api/client.ts';

/** Ids are decimal uint64s; anything else cannot exist. */
export const isId = (value: string) => /^\d{1,20}$/.test(value);

/** Runs a loader fetch; an unknown id (gateway 404/400) becomes the not-found page with status 404. */
export async function orNotFound<T>(id: string, load: () => Promise<T>): Promise<T> {
  if (!isId(id)) throw notFound();
  try {
    return await load();
  } catch (error) {
    if (isNotFound(error)) throw notFound();
    throw error;
  }
}
