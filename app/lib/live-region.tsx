import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";

type Announce = (message: string) => void;

const LiveRegionContext = createContext<Announce>(() => {});

/**
 * The global element above all routes: a visually hidden polite live region.
 * Components call `useAnnounce()` to have screen readers read a status message.
 */
export function LiveRegionProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState("");
  const pending = useRef<number | undefined>(undefined);
  // A message still waiting when the region goes away is dropped, never set on an unmounted tree.
  useEffect(() => () => window.clearTimeout(pending.current), []);
  const announce = useCallback<Announce>((text) => {
    // Clearing first makes a repeated identical message be read again; a newer message
    // replaces one still waiting.
    setMessage("");
    window.clearTimeout(pending.current);
    pending.current = window.setTimeout(() => setMessage(text), 50);
  }, []);
  const value = useMemo(() => announce, [announce]);
  return (
    <LiveRegionContext.Provider value={value}>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {message}
      </div>
      {children}
    </LiveRegionContext.Provider>
  );
}

export function useAnnounce(): Announce {
  return useContext(LiveRegionContext);
}
