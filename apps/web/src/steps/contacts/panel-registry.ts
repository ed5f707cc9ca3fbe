import { createContext, useContext, useEffect, useRef } from 'react';
import type { Section } from '@scheduler/domain/people/contacts-step';

/** A section's part of Next: checks and saves what it holds; false stops the step there (spec 4.6). */
export type SectionSave = () => Promise<boolean>;

export type PanelRegistry = Map<Section, SectionSave>;

export const PanelRegistryContext = createContext<PanelRegistry | null>(null);

/** Registers a section's save with the step, always the latest closure. */
export function useSectionSave(section: Section, save: SectionSave): void {
  const registry = useContext(PanelRegistryContext);
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => {
    if (!registry) return;
    registry.set(section, () => latest.current());
    return () => {
      registry.delete(section);
    };
  }, [registry, section]);
}
