// antd reads matchMedia (responsive observers) and getComputedStyle; happy-dom lacks the former.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// As at run time, where the shell evaluates every feature entry at start-up: their eager locale bundles (sign-in,
// home…) are registered before anything renders. Lazy bundles load with their pages (`Feature.loadLocales`).
import.meta.glob('../features/*/feature.ts', { eager: true });
