/** Form contents kept for the session, by form key: leaving a form can keep its draft for later. */
import { createContext, useContext } from 'react';
import type { Values } from '../../core/operations/types.js';

export class FormDrafts {
  private readonly drafts = new Map<string, Values>();
  get(key: string): Values | undefined {
    return this.drafts.get(key);
  }
  set(key: string, values: Values): void {
    this.drafts.set(key, values);
  }
  delete(key: string): void {
    this.drafts.delete(key);
  }
}

export const DraftsContext = createContext<FormDrafts>(new FormDrafts());

export function useDrafts(): FormDrafts {
  return useContext(DraftsContext);
}
