/**
 * Relayers seen in this session, by id: the palette completes ids from it and the transactions
 * screen reads a relayer's network type from it. Screens that load relayers fill it.
 */
import { createContext, useContext } from 'react';
import type { Relayer } from '../api/index.js';

export class RelayerDirectory {
  private readonly byId = new Map<string, Relayer>();
  add(relayers: readonly Relayer[]): void {
    for (const r of relayers) this.byId.set(r.id, r);
  }
  get(id: string): Relayer | undefined {
    return this.byId.get(id);
  }
  ids(): string[] {
    return [...this.byId.keys()].sort();
  }
}

export const DirectoryContext = createContext<RelayerDirectory>(new RelayerDirectory());

export function useDirectory(): RelayerDirectory {
  return useContext(DirectoryContext);
}
