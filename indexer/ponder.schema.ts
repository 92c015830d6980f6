// Ponder reads the tables from this file. Each is declared once, with its description and indexes, in
// @skald/db (db/src/tables/*), where every reader takes the same declarations from.
export * from '@skald/db/tables';
